/**
 * What the operator's JSON files (STATIONS_FILE, EVENTS_FILE) have in common: how they are read, how their entries are
 * validated (a class-validator class per file, like a request body) and how a bad entry is reported. One place, so every
 * such file fails the same way at boot with a message naming the file, the entry (index and id) and every problem with
 * it. Each file keeps only its entry class and how a valid entry becomes what the product keeps.
 */
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { IsString, MaxLength, ValidateBy, type ValidationOptions, validateSync } from 'class-validator';
import { readFileSync } from 'node:fs';

/** Builds the error a file's own error class throws, so callers can still tell which file was at fault. */
export type Fail = (message: string) => Error;

/** Only web links: an operator's "javascript:" or "file:" URL must not reach a listener's browser. */
export function isHttpUrl(value: unknown, maxLength = Infinity): value is string {
  if (typeof value !== 'string' || value.length > maxLength) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The property is an http(s) URL (see isHttpUrl). */
export function IsHttpUrl(options: ValidationOptions & { maxLength?: number }): PropertyDecorator {
  return ValidateBy({ name: 'isHttpUrl', validator: { validate: (value) => isHttpUrl(value, options.maxLength) } }, options);
}

/** The property is a string with something besides white space, of at most `max` characters. */
export function IsNonBlankString(max: number): PropertyDecorator {
  const message = `$property must be a non-empty string of at most ${max} characters`;
  return (target, key) => {
    IsString({ message })(target, key);
    ValidateBy({ name: 'isNonBlank', validator: { validate: (value) => typeof value === 'string' && value.trim() !== '' } }, { message })(target, key);
    MaxLength(max, { message })(target, key);
  };
}

/** The file's content as parsed JSON; a missing file and bad JSON both fail naming the source. */
export function readJsonFile(file: string, source: string, fail: Fail): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw fail(`${source}: cannot be read as JSON (${(e as Error).message})`);
  }
}

export interface EntryRules<E extends { id: string }, F> {
  /** Names the file in every message, e.g. "STATIONS_FILE (/etc/stations.json)". */
  source: string;
  fail: Fail;
  /** What the entries are, for the message when the file is not a list ("stations"). */
  what: string;
  /** Whether an empty list is an error rather than "nothing configured". */
  nonEmpty: boolean;
  /** The entry's class: `id` first, each constraint's message saying the rule ("$property must be …"). */
  entry: ClassConstructor<E>;
  /** The id as it is kept and compared (e.g. lower-cased); unchanged when not given. */
  normaliseId?: (id: string) => string;
  /** A valid entry's other fields as they are kept, defaults applied. */
  keep: (entry: E) => F;
}

/**
 * Checks every entry and returns them as kept; throws (through `fail`) on the first bad entry, listing all of its
 * problems at once so the operator fixes the entry in one go. Ids must be unique among the entries as kept.
 */
export function parseEntries<E extends { id: string }, F extends object>(raw: unknown, rules: EntryRules<E, F>): Array<{ id: string } & F> {
  if (!Array.isArray(raw) || (rules.nonEmpty && raw.length === 0)) throw rules.fail(`${rules.source}: ${listRule(rules.nonEmpty, rules.what)}`);
  const seen = new Set<string>();
  return raw.map((value: unknown, index) => {
    const entry = (value ?? {}) as Record<string, unknown>;
    const label = `${rules.source}: entry ${index}${typeof entry.id === 'string' ? ` ("${entry.id}")` : ''}`;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw rules.fail(`${label}: must be an object`);
    const instance = plainToInstance(rules.entry, entry);
    const errors = validateSync(instance, { stopAtFirstError: true });
    // One message per property (its first broken rule), in the order the class declares them.
    const problems = errors.map((error) => Object.values(error.constraints ?? {})[0] ?? `${error.property} is not valid`);
    const id = errors.some((error) => error.property === 'id') ? undefined : (rules.normaliseId ?? String)(instance.id);
    if (id !== undefined && seen.has(id)) problems.unshift('id is used by an earlier entry');
    if (id === undefined || problems.length) throw rules.fail(`${label}: ${problems.join('; ')}`);
    seen.add(id);
    return { id, ...rules.keep(instance) };
  });
}

function listRule(nonEmpty: boolean, what: string): string {
  return nonEmpty ? `must be a non-empty JSON array of ${what}` : `must be a JSON array of ${what} (it may be empty)`;
}
