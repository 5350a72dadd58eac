import type { RateLimitStore, WindowHit, WindowHits } from '../../repositories/rate-limit-store';
import { BATCHED_KEY_PREFIX, SharedThrottlerStorage } from './shared-throttler-storage';

const LIMIT = 600;
const TTL = 60_000;

/** A small seeded generator (mulberry32): the interleavings below are the same on every run. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * throttle_hits in memory, as RateLimitStore keeps it in PostgreSQL (fixed windows that start again with the first hit
 * after they end), on a clock the test moves; shared by the storages of several "processes". Each statement answers
 * after a few turns of the event loop (how many, from `seed`), so that statements and requests of several processes
 * interleave.
 */
function sharedTable(seed = 1) {
  const random = randomFrom(seed);
  let now = 1_000_000;
  const rows = new Map<string, { hits: number; expiresAt: number }>();
  const statements = { addHits: 0, hit: 0 };
  let failing = false;
  /** Runs while the next statement is under way, before and after PostgreSQL applies it (the clock moving meanwhile). */
  let during: { before?: () => void; after?: () => void } = {};
  const apply = (key: string, hits: number, ttlMs: number): WindowHit => {
    let row = rows.get(key);
    if (!row || row.expiresAt <= now) rows.set(key, (row = { hits: 0, expiresAt: now + ttlMs }));
    row.hits += hits;
    return { hits: row.hits, msLeft: row.expiresAt - now };
  };
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const store = {
    async addHits(batch: WindowHits[]) {
      statements.addHits++;
      await turns(1 + Math.floor(random() * 3));
      if (failing) throw new Error('database away');
      const { before, after } = during;
      during = {};
      before?.();
      const answers = new Map(batch.map((b) => [b.key, apply(b.key, b.hits, b.ttlMs)]));
      after?.();
      await turns(Math.floor(random() * 3));
      return answers;
    },
    async hit(key: string, ttlMs: number) {
      statements.hit++;
      await turns(1);
      return apply(key, 1, ttlMs);
    },
  } as unknown as RateLimitStore;
  return {
    store,
    rows,
    statements,
    clock: () => now,
    advance: (ms: number) => void (now += ms),
    fail: (on: boolean) => void (failing = on),
    whileNextStatement: (hooks: typeof during) => void (during = hooks),
  };
}

type Table = ReturnType<typeof sharedTable>;
const processOf = (table: Table) => new SharedThrottlerStorage(table.store, table.clock);
const flood = (storage: SharedThrottlerStorage, key = 'stations:198.51.100.7') => storage.increment(`${BATCHED_KEY_PREFIX}${key}`, TTL, LIMIT, TTL, 'default');

/** `waves` waves of `perWave` requests at once on each process, each process settling on its own now and then. */
async function floodTogether(table: Table, storages: SharedThrottlerStorage[], waves: number, perWave: number) {
  const answers = [];
  for (let wave = 0; wave < waves; wave++) {
    const settles = storages.map((s, i) => ((wave + i) % 3 === 0 ? s.flush() : undefined));
    answers.push(...(await Promise.all(storages.flatMap((s) => Array.from({ length: perWave }, () => flood(s))))));
    await Promise.all(settles);
    table.advance(50);
  }
  return answers;
}

describe('SharedThrottlerStorage', () => {
  afterEach(() => jest.useRealTimers());

  it('counts the general limit in one process exactly: 600 of 700, with a statement now and then rather than per request', async () => {
    const table = sharedTable();
    const storage = processOf(table);
    const answers = [];
    for (let i = 0; i < 700; i++) {
      answers.push(await flood(storage));
      if (i % 100 === 99) await storage.flush();
    }
    expect(answers.filter((a) => !a.isBlocked)).toHaveLength(600);
    expect(answers.findIndex((a) => a.isBlocked)).toBe(600);
    expect(answers.map((a) => a.totalHits).slice(0, 600)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    expect(answers[600]).toMatchObject({ totalHits: 601, isBlocked: true, timeToBlockExpire: 60 });
    expect(table.statements.addHits).toBeLessThan(100);
    await storage.flush();
    // The refused ones are not counted: they would only weigh on a later window.
    expect(table.rows.get('default:stations:198.51.100.7')?.hits).toBe(600);
    expect((await flood(storage, 'stations:198.51.100.8')).isBlocked).toBe(false);
  });

  it('counts a key without the batched prefix (a route with its own @Throttle) exactly, one statement a request', async () => {
    const table = sharedTable();
    const storage = processOf(table);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await storage.increment('sign-in:198.51.100.7', 60_000, 5, 60_000, 'default'));
    expect(answers.map((a) => a.isBlocked)).toEqual([false, false, false, false, false, true]);
    expect(table.statements).toEqual({ addHits: 0, hit: 6 });
  });

  it.each([
    [1, 0],
    [2, 5],
    [3, 5],
    [5, 15],
    [8, 15],
  ])('never refuses before the limit with %i processes flooding one key 30 requests at a time each, and lets at most %i %% more through', async (n, over) => {
    for (let seed = 1; seed <= 10; seed++) {
      const table = sharedTable(seed);
      const storages = Array.from({ length: n }, () => processOf(table));
      const answers = await floodTogether(table, storages, Math.ceil(1200 / (30 * n)), 30);
      const admitted = answers.filter((a) => !a.isBlocked).length;
      expect(admitted).toBeGreaterThanOrEqual(LIMIT);
      expect(admitted).toBeLessThanOrEqual(LIMIT * (1 + over / 100));
      expect((await flood(storages[0], 'calm')).isBlocked).toBe(false);
    }
  });

  it('starts afresh when the window ends: the next window admits its 600 again, nothing of the last one carried over', async () => {
    const table = sharedTable();
    const storages = [processOf(table), processOf(table)];
    expect((await floodTogether(table, storages, 20, 30)).filter((a) => !a.isBlocked).length).toBeGreaterThanOrEqual(LIMIT);
    table.advance(TTL);
    const next = await floodTogether(table, storages, 20, 30);
    const admitted = next.filter((a) => !a.isBlocked).length;
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThanOrEqual(LIMIT * 1.1);
  });

  it('takes no count from a statement that reached the window before (sent as it ended), and puts no late hits in the next', async () => {
    const table = sharedTable();
    const storage = processOf(table);
    // The window's first statement takes 100 ms to reach PostgreSQL: the window ends 100 ms later there than here.
    table.whileNextStatement({ before: () => table.advance(100) });
    for (let i = 0; i < 500; i++) await flood(storage);
    await storage.flush();
    table.advance(TTL - 400); // 300 ms left here, 400 ms there
    for (let i = 0; i < 5; i++) await flood(storage);
    expect(table.rows.get('default:stations:198.51.100.7')?.hits).toBe(500);
    // Sent now, counted 50 ms later in the old window, answered 310 ms later: here the window has ended, there not yet.
    table.whileNextStatement({ before: () => table.advance(50), after: () => table.advance(260) });
    await storage.flush();
    expect(table.rows.get('default:stations:198.51.100.7')?.hits).toBe(505);
    // The answer is about the window before this one: the new window starts from nothing.
    const next = [];
    for (let i = 0; i < 100; i++) next.push(await flood(storage));
    expect(next.filter((a) => a.isBlocked)).toEqual([]);
    expect(next[0].totalHits).toBe(1);
    // Hits counted too close to a window's end to know which window they would land in are not sent at all.
    table.advance(TTL);
    for (let i = 0; i < 10; i++) await flood(storage);
    await storage.flush();
    table.advance(TTL - 100);
    await flood(storage);
    await storage.flush();
    expect(table.rows.get('default:stations:198.51.100.7')?.hits).toBe(10);
  });

  it('keeps the hits of a settle that failed for the next one, and answers a request that needed PostgreSQL with its error', async () => {
    const table = sharedTable();
    const storage = processOf(table);
    for (let i = 0; i < 10; i++) await flood(storage);
    table.fail(true);
    await storage.flush();
    const near = Array.from({ length: 80 }, () => flood(storage).then(() => 'answered', (e: Error) => e.message));
    expect(await Promise.all(near)).toContain('database away');
    table.fail(false);
    await storage.flush();
    expect(table.rows.get('default:stations:198.51.100.7')?.hits).toBeGreaterThanOrEqual(10);
    expect((await flood(storage)).isBlocked).toBe(false);
  });

  it('settles by itself every second, and sends what is left when closed', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const table = sharedTable();
    const storage = processOf(table);
    await flood(storage);
    expect(table.statements.addHits).toBe(0);
    await jest.advanceTimersByTimeAsync(SharedThrottlerStorage.settleEveryMs);
    await new Promise((resolve) => setImmediate(resolve));
    expect(table.statements.addHits).toBe(1);
    await flood(storage);
    await storage.close();
    expect(table.rows.get('default:stations:198.51.100.7')?.hits).toBe(2);
  });
});
