/**
 * Keys of the PostgreSQL advisory locks the API takes, in one place so no two uses ever share a key by accident.
 * Any 64-bit numbers of our own; a key, once used by a migration, never changes.
 */
export const AdvisoryLock = {
  /** Held while one API process runs the migrations, so processes started together on a new database take turns. */
  migrations: 7_264_001,
  /** Held while one API process creates a pg-boss queue: two created at once deadlock on pg-boss's tables. */
  jobQueues: 7_264_002,
  /** Held by calculate_weekly_radio_stats() itself, so two runs never interleave their delete and insert. */
  weeklyStatsRun: 7_264_012,
  /** Taken by the every-minute recalculation, so that among several API processes only one runs it. */
  weeklyStatsSchedule: 7_264_011,
  /** With hashtext(customer id) as the second key (a 32-bit pair): one sync of a Stripe customer at a time. */
  billingCustomerSync: 7_264_021,
  /** Taken by the hourly billing reconciliation, so that only one API process runs it. */
  billingReconciliation: 7_264_022,
  /** Taken by the live streams' sweep and retention, so that only one API process runs them. */
  liveMaintenance: 7_264_031,
  /** Taken by the hourly sweep of live files no stream owns, so that only one API process lists the store. */
  liveFileSweep: 7_264_032,
  /** Taken while a publisher is admitted, so that two processes cannot both take the last browser transcode. */
  liveTranscodes: 7_264_033,
  /** Taken by the studio's sweep of generations whose jobs are gone, so that only one API process runs it. */
  studioMaintenance: 7_264_041,
} as const;
