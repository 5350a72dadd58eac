import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** class-transformer's @Transform that trims a string (anything else passes as it came, for the validators to refuse). */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** One line of text: no control characters at all (a title, a name). */
export const ONE_LINE = /^[^\p{Cc}]*$/u;

/** Text that may have line breaks and tabs, but no other control characters (a description, a prompt). */
export const TEXT = /^[^\p{Cc}]*(?:[\r\n\t][^\p{Cc}]*)*$/u;

/** A required one-line text field of at most `max` characters (a title, a name), trimmed, blank refused. */
export function OneLine(field: string, max: number): PropertyDecorator {
  return applyDecorators(
    Transform(trim),
    IsString(),
    IsNotEmpty({ message: `${field} must not be blank` }),
    MaxLength(max),
    Matches(ONE_LINE, { message: `${field} must be one line of text` }),
  );
}
