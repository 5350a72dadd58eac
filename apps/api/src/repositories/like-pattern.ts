/** A LIKE pattern (with ESCAPE '\') that finds `text` anywhere: `%` and `_` typed by a user match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
