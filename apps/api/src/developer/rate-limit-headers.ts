import type { ApiPlanLimits } from '../repositories/schema/api-plans';

/** What one keyed request leaves of the account's limits, on the database's clock (epoch seconds). */
export interface LimitState {
  tat: number;
  now: number;
  monthCount: number;
}

/** Seconds from `now` to the start of the next UTC calendar month, when the monthly quota refills. */
export function secondsToNextMonth(now: number): number {
  const date = new Date(now * 1000);
  return Math.max(1, Math.ceil(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000 - now));
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11) of a plan and of what is left of it: the GCRA
 * as a "minute" policy whose bucket is the burst (a vendor parameter, grk-burst), and the month as a second policy.
 * `t` is 0 while requests are left, else the seconds until the next one is allowed; a 429's Retry-After equals it.
 */
export function rateLimitFields(limits: ApiPlanLimits, state: LimitState): { policy: string; remaining: string; tokens: number; minuteWait: number; monthWait: number } {
  const interval = 60 / limits.perMinute;
  const tokens = Math.max(0, Math.min(limits.burst, Math.floor((state.now + interval * limits.burst - state.tat) / interval + 1e-9)));
  const minuteWait = tokens > 0 ? 0 : Math.max(1, Math.ceil(state.tat - interval * limits.burst + interval - state.now - 1e-9));
  const monthWait = secondsToNextMonth(state.now);
  const policies = [`"minute";q=${limits.perMinute};w=60;grk-burst=${limits.burst}`];
  const remaining = [`"minute";r=${tokens};t=${minuteWait}`];
  if (limits.monthlyRequests !== null) {
    const monthLeft = Math.max(0, limits.monthlyRequests - state.monthCount);
    policies.push(`"month";q=${limits.monthlyRequests};w=2592000`);
    remaining.push(`"month";r=${monthLeft};t=${monthLeft > 0 ? 0 : monthWait}`);
  }
  return { policy: policies.join(', '), remaining: remaining.join(', '), tokens, minuteWait, monthWait };
}
