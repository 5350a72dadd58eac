/** Silence floor: gains at or below this many dB are treated as -Infinity (true silence). */
export const MIN_DB = -96;

/** Linear gain (1 = unity) to decibels; 0 and below are -Infinity. */
export function gainToDb(gain: number): number {
  if (!(gain > 0)) return -Infinity;
  const db = 20 * Math.log10(gain);
  return db <= MIN_DB ? -Infinity : db;
}

/** Decibels to linear gain; -Infinity (and anything at or below MIN_DB) is 0. */
export function dbToGain(db: number): number {
  if (db <= MIN_DB) return 0;
  return 10 ** (db / 20);
}
