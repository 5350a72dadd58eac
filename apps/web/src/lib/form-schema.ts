import type { MessageId } from '@grouarock/i18n';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What is wrong with a form's values: each field's first problem, as the message that explains it. */
export type Problems<T> = Partial<Record<keyof T & string, MessageId>>;

/**
 * A form's schema: its rules as one function of all its values (rules such as "the two passwords match" read more
 * than one field). The problems come in the order the form reports them when it shows one at a time.
 */
export type FormSchema<T> = (values: T) => Problems<T>;

/** react-hook-form's resolver for a schema; each error's message is a MessageId the form translates. */
export function schemaResolver<T extends FieldValues>(schema: FormSchema<T>): Resolver<T> {
  return (values) => {
    const problems = Object.entries(schema(values)) as Array<[string, MessageId]>;
    if (!problems.length) return { values, errors: {} };
    const errors = Object.fromEntries(problems.map(([field, message]) => [field, { type: 'schema', message }]));
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The first problem of a failed submit, for forms that report one at a time (as a toast). */
export function firstProblem<T extends FieldValues>(errors: FieldErrors<T>): MessageId | undefined {
  return Object.values(errors).find((error) => typeof error?.message === 'string')?.message as MessageId | undefined;
}
