import type { RateLimitStore, WindowHit } from '../../repositories/rate-limit-store';
import { AttemptLimiter, RateLimitedException } from './attempt-limiter';

/** RateLimitStore's fixed windows in memory, on a clock the test moves. */
class FakeStore {
  now = 0;
  private readonly windows = new Map<string, { hits: number; ends: number }>();

  async hit(key: string, ttlMs: number): Promise<WindowHit> {
    const window = this.windows.get(key);
    const current = window && window.ends > this.now ? { ...window, hits: window.hits + 1 } : { hits: 1, ends: this.now + ttlMs };
    this.windows.set(key, current);
    return { hits: current.hits, msLeft: current.ends - this.now };
  }

  async peek(key: string): Promise<WindowHit> {
    const window = this.windows.get(key);
    return window && window.ends > this.now ? { hits: window.hits, msLeft: window.ends - this.now } : { hits: 0, msLeft: 0 };
  }

  async forget(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

describe('AttemptLimiter', () => {
  const window = AttemptLimiter.windowMs;
  let store: FakeStore;
  let limiter: AttemptLimiter;
  beforeEach(() => {
    store = new FakeStore();
    limiter = new AttemptLimiter(store as unknown as RateLimitStore);
  });

  async function limitedFor(account: string, address: string): Promise<number | undefined> {
    try {
      await limiter.check(account, address);
      return undefined;
    } catch (e) {
      expect(e).toBeInstanceOf(RateLimitedException);
      return (e as RateLimitedException).retryAfterSeconds;
    }
  }

  it('locks an account after its limit of failures until its window ends', async () => {
    store.now = 1000;
    for (let i = 0; i < AttemptLimiter.perAccount; i++) await limiter.fail('a@x', `10.0.0.${i}`);
    store.now = 10_000;
    expect(await limitedFor('a@x', '10.9.9.9')).toBe(Math.ceil((1000 + window - 10_000) / 1000));
    expect(await limitedFor('b@x', '10.9.9.9')).toBeUndefined();
    store.now = 1000 + window;
    expect(await limitedFor('a@x', '10.9.9.9')).toBeUndefined();
  });

  it('locks an address after its limit of failures across accounts', async () => {
    store.now = 5000;
    for (let i = 0; i < AttemptLimiter.perAddress; i++) await limiter.fail(`user${i}@x`, '10.0.0.1');
    store.now = 6000;
    expect(await limitedFor('fresh@x', '10.0.0.1')).toBeGreaterThan(0);
    expect(await limitedFor('fresh@x', '10.0.0.2')).toBeUndefined();
  });

  it("forgets an account's failures after a success", async () => {
    for (let i = 0; i < AttemptLimiter.perAccount - 1; i++) await limiter.fail('a@x', '10.0.0.1');
    await limiter.succeed('a@x');
    await limiter.fail('a@x', '10.0.0.1');
    expect(await limitedFor('a@x', '10.0.0.3')).toBeUndefined();
  });
});
