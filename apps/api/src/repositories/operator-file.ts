/**
 * What the operator's JSON files (STATIONS_FILE, EVENTS_FILE) have in common: how they are read, how their list of
 * entries is walked and how a bad entry is reported. One place, so every such file fails the same way at boot with a
 * message naming the file, the entry (index and id) and every problem with it. Each file keeps only its own field rules.
 */
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

/** The file's content as parsed JSON; a missing file and bad JSON both fail naming the source. */
export function readJsonFile(file: string, source: string, fail: Fail): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw fail(`${source}: cannot be read as JSON (${(e as Error).message})`);
  }
}

export interface EntryRules<F> {
  /** Names the file in every message, e.g. "STATIONS_FILE (/etc/stations.json)". */
  source: string;
  fail: Fail;
  /** What the entries are, for the message when the file is not a list ("stations"). */
  what: string;
  /** Whether an empty list is an error rather than "nothing configured". */
  nonEmpty: boolean;
  /** The entry's id as it is kept (normalised), or null when it breaks `idRule`. */
  idOf: (entry: Record<string, unknown>) => string | null;
  /** The problem reported when `idOf` gives null. */
  idRule: string;
  /**
   * Checks the other fields, pushing each problem found (after any id problem), and returns them as kept. It runs on bad
   * entries too, so that all their problems are listed (its result is then dropped): it must not throw on bad input.
   */
  fields: (entry: Record<string, unknown>, problems: string[]) => F;
}

/**
 * Checks every entry and returns them with their ids; throws (through `fail`) on the first bad entry, listing all of
 * its problems at once so the operator fixes the entry in one go. Ids must be unique among the valid entries.
 */
export function parseEntries<F extends object>(raw: unknown, rules: EntryRules<F>): Array<{ id: string } & F> {
  if (!Array.isArray(raw) || (rules.nonEmpty && raw.length === 0)) throw rules.fail(`${rules.source}: ${listRule(rules.nonEmpty, rules.what)}`);
  const seen = new Set<string>();
  return raw.map((value: unknown, index) => {
    const entry = (value ?? {}) as Record<string, unknown>;
    const label = `${rules.source}: entry ${index}${typeof entry.id === 'string' ? ` ("${entry.id}")` : ''}`;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw rules.fail(`${label}: must be an object`);
    const problems: string[] = [];
    const id = rules.idOf(entry);
    if (id === null) problems.push(rules.idRule);
    else if (seen.has(id)) problems.push('id is used by an earlier entry');
    const fields = rules.fields(entry, problems);
    if (id === null || problems.length) throw rules.fail(`${label}: ${problems.join('; ')}`);
    seen.add(id);
    return { id, ...fields };
  });
}

function listRule(nonEmpty: boolean, what: string): string {
  return nonEmpty ? `must be a non-empty JSON array of ${what}` : `must be a JSON array of ${what} (it may be empty)`;
}
