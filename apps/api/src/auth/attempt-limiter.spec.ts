import { AttemptLimiter, RateLimitedException } from './attempt-limiter';

describe('AttemptLimiter', () => {
  const window = AttemptLimiter.windowMs;

  function limitedFor(limiter: AttemptLimiter, account: string, address: string, now: number): number | undefined {
    try {
      limiter.check(account, address, now);
      return undefined;
    } catch (e) {
      expect(e).toBeInstanceOf(RateLimitedException);
      return (e as RateLimitedException).retryAfterSeconds;
    }
  }

  it('locks an account after its limit of failures until the oldest one leaves the window', () => {
    const limiter = new AttemptLimiter();
    for (let i = 0; i < AttemptLimiter.perAccount; i++) limiter.fail('a@x', `10.0.0.${i}`, 1000 + i * 1000);
    expect(limitedFor(limiter, 'a@x', '10.9.9.9', 10_000)).toBe(Math.ceil((1000 + window - 10_000) / 1000));
    expect(limitedFor(limiter, 'b@x', '10.9.9.9', 10_000)).toBeUndefined();
    expect(limitedFor(limiter, 'a@x', '10.9.9.9', 1000 + window)).toBeUndefined();
  });

  it('locks an address after its limit of failures across accounts', () => {
    const limiter = new AttemptLimiter();
    for (let i = 0; i < AttemptLimiter.perAddress; i++) limiter.fail(`user${i}@x`, '10.0.0.1', 5000);
    expect(limitedFor(limiter, 'fresh@x', '10.0.0.1', 6000)).toBeGreaterThan(0);
    expect(limitedFor(limiter, 'fresh@x', '10.0.0.2', 6000)).toBeUndefined();
  });

  it("forgets an account's failures after a success", () => {
    const limiter = new AttemptLimiter();
    for (let i = 0; i < AttemptLimiter.perAccount - 1; i++) limiter.fail('a@x', '10.0.0.1', 1000);
    limiter.succeed('a@x');
    limiter.fail('a@x', '10.0.0.1', 2000);
    expect(limitedFor(limiter, 'a@x', '10.0.0.3', 3000)).toBeUndefined();
  });
});
