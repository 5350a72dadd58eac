import type { ArgumentMetadata } from '@nestjs/common';
import { IsOptional } from 'class-validator';
import { CountryCode, label, OneOfSlugs, toSlug } from './enum-input';
import { createValidationPipe } from './validation.pipe';

class Query {
  @IsOptional() @CountryCode('country') country?: string;
  @IsOptional() @OneOfSlugs('genre', ['hard-rock', 'punk-rock', 'grunge']) genre?: string;
}

const asQuery: ArgumentMetadata = { type: 'query', metatype: Query, data: undefined };

describe('enumerated inputs a spec-following client sends', () => {
  const pipe = createValidationPipe();

  it('turns a label into its slug: case, spaces, underscores and hyphens do not matter', () => {
    for (const given of ['Punk Rock', 'punk rock', 'PUNK-ROCK', ' punk_rock ', 'Punk  -  Rock', 'punk-rock']) expect(toSlug(given)).toBe('punk-rock');
    expect(toSlug(7)).toBe(7);
    expect(label('progressive-rock')).toBe('Progressive Rock');
  });

  it('accepts labels and slugs alike, and country codes in either case, normalised', async () => {
    await expect(pipe.transform({ genre: 'Hard Rock', country: 'PL' }, asQuery)).resolves.toEqual(Object.assign(new Query(), { genre: 'hard-rock', country: 'pl' }));
    await expect(pipe.transform({ genre: 'grunge', country: 'de' }, asQuery)).resolves.toMatchObject({ genre: 'grunge', country: 'de' });
    await expect(pipe.transform({ genre: 'Grunge', country: 'Gb' }, asQuery)).resolves.toMatchObject({ genre: 'grunge', country: 'gb' });
  });

  it('still refuses what is no known value, with the values in the message', async () => {
    await expect(pipe.transform({ genre: 'Polka' }, asQuery)).rejects.toMatchObject({ status: 400, response: { fields: ['genre'] } });
    await expect(pipe.transform({ genre: 'Hard Rock Extra' }, asQuery)).rejects.toMatchObject({ status: 400 });
    await expect(pipe.transform({ country: 'POL' }, asQuery)).rejects.toMatchObject({ status: 400, response: { fields: ['country'] } });
    await expect(pipe.transform({ country: 'p1' }, asQuery)).rejects.toMatchObject({ status: 400 });
    await expect(pipe.transform({ genre: ['hard-rock'] }, asQuery)).rejects.toMatchObject({ status: 400, response: { fields: ['genre'] } });
    const refused = await pipe.transform({ genre: 'metal' }, asQuery).catch((e: { response: { message: unknown } }) => JSON.stringify(e.response));
    expect(refused).toContain('genre must be one of hard-rock, punk-rock, grunge');
  });
});
