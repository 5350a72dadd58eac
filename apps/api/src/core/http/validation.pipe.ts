import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';

function flatten(errors: ValidationError[], parent = ''): { field: string; messages: string[] }[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Nest's ValidationPipe, which answers an empty query (most reads send none) from what the DTO is known to accept: the
 * first empty query of a DTO is validated, and if it passed, the next ones are only transformed, as ValidationPipe
 * would transform them, without the validators (docs/request-path.md).
 */
class QueryAwareValidationPipe extends ValidationPipe {
  private readonly emptyPasses = new WeakMap<object, Promise<boolean>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metadata.type !== 'query' || !metatype || !isEmptyObject(value) || !this.toValidate(metadata)) return super.transform(value, metadata);
    let passes = this.emptyPasses.get(metatype);
    if (!passes) {
      passes = super.transform({}, metadata).then(
        () => true,
        () => false,
      );
      this.emptyPasses.set(metatype, passes);
    }
    return (await passes) ? plainToInstance(metatype, {}, this.transformOptions) : super.transform(value, metadata);
  }
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** Strict input: unknown properties are refused, and the answer names every offending field. */
export function createValidationPipe(): ValidationPipe {
  return new QueryAwareValidationPipe({
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
