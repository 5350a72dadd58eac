import type { RateLimitStore, WindowDelta, WindowHit } from '../repositories/rate-limit-store';
import { EXACT_KEY_PREFIX, SharedThrottlerStorage } from './site-throttler';

/** throttle_hits in memory, shared by the storages of several "processes", counting the statements sent. */
function sharedTable(processes: number) {
  const rows = new Map<string, WindowHit>();
  const calls = { settle: 0, hit: 0 };
  const add = (key: string, hits: number, ttlMs: number) => {
    const row = rows.get(key) ?? { hits: 0, msLeft: ttlMs };
    row.hits += hits;
    rows.set(key, row);
    return { ...row };
  };
  const store = {
    settle: async (deltas: WindowDelta[]) => {
      calls.settle++;
      return { windows: new Map(deltas.map((d) => [d.key, add(d.key, d.hits, d.ttlMs)])), processes };
    },
    hit: async (key: string, ttlMs: number) => {
      calls.hit++;
      return add(key, 1, ttlMs);
    },
  } as unknown as RateLimitStore;
  return { store, rows, calls };
}

const take = (storage: SharedThrottlerStorage, key: string) => storage.increment(key, 60_000, 600, 60_000, 'default');

describe('SharedThrottlerStorage', () => {
  it('counts the general limit locally in one process: exactly 600 of 700, with a statement now and then, not per request', async () => {
    const { store, rows, calls } = sharedTable(1);
    const storage = new SharedThrottlerStorage(store);
    const answers = [];
    for (let i = 0; i < 700; i++) {
      answers.push(await take(storage, 'route-a'));
      if (i % 100 === 99) await storage.flush();
    }
    expect(answers.filter((a) => !a.isBlocked)).toHaveLength(600);
    expect(answers[600]).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    expect(calls.settle).toBeLessThan(40);
    await storage.flush();
    expect(rows.get('default:route-a')?.hits).toBe(700);
    expect((await take(storage, 'route-b')).isBlocked).toBe(false);
  });

  it('counts a route with its own @Throttle exactly, one statement a request', async () => {
    const { store, calls } = sharedTable(1);
    const storage = new SharedThrottlerStorage(store);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await storage.increment(`${EXACT_KEY_PREFIX}sign-in`, 60_000, 5, 60_000, 'default'));
    expect(answers.map((a) => a.isBlocked)).toEqual([false, false, false, false, false, true]);
    expect(calls).toEqual({ settle: 0, hit: 6 });
  });

  it.each([2, 3])('keeps %i processes flooding one key at once near the limit, and another key untouched', async (n) => {
    const { store } = sharedTable(n);
    const storages = Array.from({ length: n }, () => new SharedThrottlerStorage(store));
    let admitted = 0;
    // Requests arrive in waves of 20 at once on every process; each process settles on its own every few waves.
    for (let wave = 0; wave < 60; wave++) {
      const answers = await Promise.all(storages.flatMap((s) => Array.from({ length: 20 }, () => take(s, 'flood'))));
      admitted += answers.filter((a) => !a.isBlocked).length;
      await Promise.all(storages.map((s, i) => ((wave + i) % 3 === 0 ? s.flush() : undefined)));
    }
    expect(admitted).toBeGreaterThanOrEqual(600);
    expect(admitted).toBeLessThanOrEqual(600 * 1.1);
    expect((await take(storages[0], 'calm')).isBlocked).toBe(false);
  });

  it('keeps the hits of a settle that failed for the next one', async () => {
    const { store, rows } = sharedTable(1);
    const storage = new SharedThrottlerStorage(store);
    await take(storage, 'route-a'); // the first request settles at once (the number of processes is still unknown)
    for (let i = 0; i < 10; i++) await take(storage, 'route-a');
    const settle = store.settle.bind(store);
    store.settle = () => Promise.reject(new Error('database away'));
    await storage.flush();
    store.settle = settle;
    await storage.flush();
    expect(rows.get('default:route-a')?.hits).toBe(11);
    await storage.close();
  });
});
