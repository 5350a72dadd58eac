/**
 * Keys of the PostgreSQL advisory locks the API takes, in one place so no two uses ever share a key by accident.
 * Any 64-bit numbers of our own; a key, once used by a migration, never changes.
 */
export const AdvisoryLock = {
  /** Held by calculate_weekly_radio_stats() itself, so two runs never interleave their delete and insert. */
  weeklyStatsRun: 7_264_012,
  /** Taken by the every-minute recalculation, so that among several API processes only one runs it. */
  weeklyStatsSchedule: 7_264_011,
} as const;
