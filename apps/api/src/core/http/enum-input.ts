import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, Matches } from 'class-validator';

/**
 * The slug a label stands for: "Punk Rock", " punk_rock ", "PUNK-ROCK" → "punk-rock" (lower case, runs of spaces,
 * underscores and hyphens made one hyphen). Anything but a string passes as it came, for the validators to refuse.
 */
export function toSlug(value: unknown): unknown {
  return typeof value === 'string'
    ? value
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, '-')
    : value;
}

/**
 * One of `values` (slugs), given as the slug or as the label people write for it, in any case and spacing
 * ("Hard Rock", "hard rock", "hard-rock"); normalised to the slug before it is validated.
 */
export function OneOfSlugs(field: string, values: readonly string[]): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => toSlug(value)),
    IsIn(values, { message: `${field} must be one of ${values.join(', ')} (or their labels, e.g. "${label(values[0])}")` }),
  );
}

/** A two-letter country code (ISO 3166-1 alpha-2) in either case, normalised to lower case: "PL", "pl" → "pl". */
export function CountryCode(field: string): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    Matches(/^[a-z]{2}$/, { message: `${field} must be a two-letter country code (ISO 3166-1 alpha-2, either case)` }),
  );
}

/** The label a slug is written as: "punk-rock" → "Punk Rock". */
export function label(slug: string): string {
  return slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Swagger's words for such a field. */
export const SLUG_OR_LABEL = 'The slug or its label, in any case ("Hard Rock", "hard rock" and "hard-rock" are the same)';
