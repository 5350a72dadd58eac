import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { createValidationPipe } from './validation.pipe';

class OptionalQuery {
  @IsOptional() @IsIn(['pl', 'gb']) country?: string;
  @IsOptional() @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)) @IsString() @MaxLength(5) q?: string;
  @IsOptional() @IsInt() page = 1;
}

class RequiredQuery {
  @IsString() q!: string;
}

const asQuery = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype, data: undefined });

describe('the validation pipe', () => {
  const pipe = createValidationPipe();

  it('answers an empty query of a DTO that takes one with a fresh instance, as validating it would', async () => {
    const first = await pipe.transform(Object.create(null), asQuery(OptionalQuery));
    const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
    const again = await pipe.transform({}, asQuery(OptionalQuery));
    expect(validated).not.toHaveBeenCalled();
    validated.mockRestore();
    expect(first).toBeInstanceOf(OptionalQuery);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect({ ...(again as object) }).toEqual({ page: 1 });
  });

  it('still validates every query that is not empty, and an empty one a DTO refuses', async () => {
    await expect(pipe.transform({}, asQuery(OptionalQuery))).resolves.toBeInstanceOf(OptionalQuery);
    await expect(pipe.transform({ q: '  rock ' }, asQuery(OptionalQuery))).resolves.toMatchObject({ q: 'rock' });
    await expect(pipe.transform({ country: 'xx' }, asQuery(OptionalQuery))).rejects.toMatchObject({ status: 400, response: { fields: ['country'] } });
    await expect(pipe.transform({ admin: 'true' }, asQuery(OptionalQuery))).rejects.toMatchObject({ status: 400, response: { fields: ['admin'] } });
    for (let i = 0; i < 2; i++) await expect(pipe.transform({}, asQuery(RequiredQuery))).rejects.toMatchObject({ status: 400, response: { fields: ['q'] } });
  });

  it('leaves bodies to the validators, empty or not', async () => {
    await expect(pipe.transform({}, { type: 'body', metatype: RequiredQuery, data: undefined })).rejects.toMatchObject({ status: 400 });
  });
});
