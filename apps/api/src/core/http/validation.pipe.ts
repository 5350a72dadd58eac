import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): { field: string; messages: string[] }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Strict input: unknown properties are refused, and the answer names every offending field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const problems = flatten(errors);
      return new BadRequestException({
        message: problems.flatMap((p) => p.messages.map((m) => (m.startsWith(p.field) ? m : `${p.field}: ${m}`))),
        fields: [...new Set(problems.map((p) => p.field))],
      });
    },
  });
}
