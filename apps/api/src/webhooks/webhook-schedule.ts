/** What happens to a delivery after one try (docs/developer-api.md, "Webhooks"). */
export type NextStep =
  | { kind: 'succeeded' }
  | { kind: 'retry'; afterSeconds: number }
  | { kind: 'failed' }
  | { kind: 'disable'; reason: 'gone' | 'failing_5_days' };

/** An endpoint that has not taken a delivery for this long is disabled (Svix's rule). */
export const DISABLE_AFTER_MS = 5 * 86_400_000;

export interface TryOutcome {
  /** The answer's status, or null when none came (timeout, refused, blocked address). */
  statusCode: number | null;
  /** Seconds from a 429/502/503/504's Retry-After, when it had one. */
  retryAfterSeconds?: number;
  /** This try's number: 1 for the first. */
  n: number;
  /** Since when the endpoint has had no success, this failure included. */
  failingSince: Date;
  /** A manual retry is one try: it does not restart the schedule. */
  manual: boolean;
}

/**
 * The decision after a try: a 2xx succeeded; a 410 disables the endpoint at once; an endpoint failing for 5 days is
 * disabled; otherwise the next try waits as the schedule says (a Retry-After longer than that is honoured, up to a
 * day), and after the schedule's last try the delivery has failed. Redirects are failures (never followed).
 */
export function nextStep(outcome: TryOutcome, schedule: readonly number[], now: Date): NextStep {
  const { statusCode } = outcome;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'succeeded' };
  if (statusCode === 410) return { kind: 'disable', reason: 'gone' };
  if (now.getTime() - outcome.failingSince.getTime() >= DISABLE_AFTER_MS) return { kind: 'disable', reason: 'failing_5_days' };
  if (outcome.manual || outcome.n >= schedule.length) return { kind: 'failed' };
  const throttled = statusCode !== null && [429, 502, 503, 504].includes(statusCode) && outcome.retryAfterSeconds !== undefined;
  const afterSeconds = Math.max(schedule[outcome.n], throttled ? Math.min(outcome.retryAfterSeconds!, 86_400) : 0);
  return { kind: 'retry', afterSeconds };
}
