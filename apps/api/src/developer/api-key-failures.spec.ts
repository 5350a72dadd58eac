import type { RateLimitStore, WindowHit } from '../repositories/rate-limit-store';
import { ApiKeyFailures } from './api-key-failures';

describe('ApiKeyFailures', () => {
  const windows = new Map<string, WindowHit>();
  const store = {
    peek: async (key: string) => windows.get(key) ?? { hits: 0, msLeft: 0 },
    hit: async (key: string, ttlMs: number) => {
      const window = { hits: (windows.get(key)?.hits ?? 0) + 1, msLeft: ttlMs };
      windows.set(key, window);
      return window;
    },
  } as unknown as RateLimitStore;
  const failures = new ApiKeyFailures(store);

  it('lets an address fail 21 times in a minute, then refuses it with 429 and the seconds left of its window', async () => {
    for (let i = 0; i < 21; i++) {
      await expect(failures.check('203.0.113.5')).resolves.toBeUndefined();
      await failures.fail('203.0.113.5');
    }
    expect(windows.get('api-key-failures:address:203.0.113.5')).toEqual({ hits: 21, msLeft: 60_000 });
    windows.set('api-key-failures:address:203.0.113.5', { hits: 21, msLeft: 41_200 });
    await expect(failures.check('203.0.113.5')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42, response: { code: 'rate_limited' } });
    await expect(failures.check('203.0.113.6')).resolves.toBeUndefined();
  });

  it('never asks for less than a second', async () => {
    windows.set('api-key-failures:address:203.0.113.7', { hits: 30, msLeft: 3 });
    await expect(failures.check('203.0.113.7')).rejects.toMatchObject({ retryAfterSeconds: 1 });
  });
});
