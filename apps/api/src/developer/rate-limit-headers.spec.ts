import { API_PLAN_LIMITS } from '../repositories/schema/api-plans';
import { rateLimitFields, secondsToNextMonth } from './rate-limit-headers';

describe('rateLimitFields', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0) / 1000;

  it('shows a full Free bucket and the month left for an idle account', () => {
    const fields = rateLimitFields(API_PLAN_LIMITS.free, { tat: now + 6, now, monthCount: 1 });
    expect(fields.policy).toBe('"minute";q=10;w=60;grk-burst=50, "month";q=1000;w=2592000');
    expect(fields.remaining).toBe('"minute";r=49;t=0, "month";r=999;t=0');
  });

  it('says when the next token comes once the bucket is empty: 6 s on Free', () => {
    // 50 requests at once: the tat is 300 s ahead.
    const fields = rateLimitFields(API_PLAN_LIMITS.free, { tat: now + 300, now, monthCount: 50 });
    expect(fields.remaining).toBe('"minute";r=0;t=6, "month";r=950;t=0');
    expect(fields.minuteWait).toBe(6);
    // Startup's interval is 1.2 s: the first 429 waits 2 s (rounded up).
    expect(rateLimitFields(API_PLAN_LIMITS.startup, { tat: now + 240, now, monthCount: 200 }).minuteWait).toBe(2);
  });

  it('waits until the next month when the month is used up, and has no month policy for Enterprise', () => {
    const fields = rateLimitFields(API_PLAN_LIMITS.free, { tat: now + 6, now, monthCount: 1000 });
    expect(fields.remaining).toBe(`"minute";r=49;t=0, "month";r=0;t=${5 * 86400 + 12 * 3600}`);
    expect(rateLimitFields(API_PLAN_LIMITS.enterprise, { tat: now, now, monthCount: 10 ** 9 }).policy).toBe('"minute";q=2000;w=60;grk-burst=10000');
  });

  it('counts to the first of the next UTC month', () => {
    expect(secondsToNextMonth(Date.UTC(2026, 11, 31, 23, 59, 30) / 1000)).toBe(30);
  });
});
