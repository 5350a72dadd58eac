import { DEFAULT_WEBHOOK_SCHEDULE } from '../core/config/config';
import { nextStep } from './webhook-schedule';

describe('nextStep', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const failing = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const base = { n: 1, failingSince: now, manual: false };

  it('counts any 2xx as delivered, and a 3xx as a failure (redirects are not followed)', () => {
    for (const statusCode of [200, 202, 204, 299]) expect(nextStep({ ...base, statusCode }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'succeeded' });
    expect(nextStep({ ...base, statusCode: 301 }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'retry', afterSeconds: 5 });
  });

  it('follows Standard Webhooks’ schedule over about 75.6 hours, then gives up', () => {
    expect(DEFAULT_WEBHOOK_SCHEDULE.reduce((a, b) => a + b, 0) / 3600).toBeCloseTo(75.6, 1);
    const waits = DEFAULT_WEBHOOK_SCHEDULE.slice(1).map((_, i) => nextStep({ ...base, n: i + 1, statusCode: 500 }, DEFAULT_WEBHOOK_SCHEDULE, now));
    expect(waits.map((step) => (step.kind === 'retry' ? step.afterSeconds : step.kind))).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400]);
    expect(nextStep({ ...base, n: 10, statusCode: null }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'failed' });
  });

  it('disables the endpoint at once on 410, and after 5 days without a success', () => {
    expect(nextStep({ ...base, statusCode: 410 }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'disable', reason: 'gone' });
    expect(nextStep({ ...base, n: 3, statusCode: 500, failingSince: failing(119) }, DEFAULT_WEBHOOK_SCHEDULE, now).kind).toBe('retry');
    expect(nextStep({ ...base, n: 3, statusCode: 500, failingSince: failing(120) }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'disable', reason: 'failing_5_days' });
  });

  it('honours a longer Retry-After on 429 and 503, up to a day, and makes a manual retry one try', () => {
    expect(nextStep({ ...base, statusCode: 429, retryAfterSeconds: 120 }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'retry', afterSeconds: 120 });
    expect(nextStep({ ...base, statusCode: 503, retryAfterSeconds: 1 }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'retry', afterSeconds: 5 });
    expect(nextStep({ ...base, statusCode: 429, retryAfterSeconds: 10 ** 7 }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'retry', afterSeconds: 86_400 });
    expect(nextStep({ ...base, statusCode: 500, manual: true }, DEFAULT_WEBHOOK_SCHEDULE, now)).toEqual({ kind: 'failed' });
  });
});
