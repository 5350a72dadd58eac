/** The day GrouaRock started (the days-since-start counter counts from 2025-07-30). */
export const startDate = '2025-07-30';

const dayMs = 24 * 60 * 60 * 1000;

/** Whole calendar days from the start date to `now`'s local date; 0 on the start day and before it. */
export function daysSinceStart(now: Date, start: string = startDate): number {
  const [y, m, d] = start.split('-').map(Number);
  const from = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.max(0, Math.round((today - from) / dayMs));
}
