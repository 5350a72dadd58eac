import { JobQueue } from '../src/repositories/job-queue';
import { createTestDatabase, type TestDatabase } from './support/database';

/** JOB_RETRY_DELAY_SECONDS's default. */
const config = { jobRetryDelaySeconds: 5 };

/**
 * Replicas starting together on a new database each declare their queues: pg-boss creates each as a partition of its
 * job table with foreign keys to its queue table, which deadlocked when two were created at the same moment.
 */
describe('JobQueue on several processes at once', () => {
  let db: TestDatabase;
  // Queues of the test's own names, not the app's (repositories/schema/jobs.ts).
  const queues: JobQueue<Record<string, object>>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const queue of queues) await queue.beforeApplicationShutdown();
    await db.drop();
  });

  it('creates queues declared by several processes at the same moment, each once', async () => {
    for (let i = 0; i < 4; i++) queues.push(new JobQueue<Record<string, object>>(db.url, config));
    const names = ['one.a', 'one.b', 'one.c', 'one.d', 'two.a', 'two.b', 'two.c', 'two.d'];
    // Every process declares every queue, in its own order, all at once.
    await Promise.all(queues.map((queue, i) => Promise.all(names.map((_, j) => queue.declare(names[(i + j) % names.length], { retryLimit: 1, expireInSeconds: 60 })))));
    const rows = await db.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
  });
});

describe('JobQueue stopping', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('waits for a job still running past the grace (two seconds more at most), so no handler outlives the stopped queue', async () => {
    /** A one-second grace (pg-boss's least), so the job below outlasts it. */
    class QuickQueue extends JobQueue<Record<string, object>> {
      protected override readonly stopGraceMs = 1000;
    }
    const queue = new QuickQueue(db.url, config);
    await queue.declare('slow.job', { retryLimit: 1, expireInSeconds: 60 });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    await queue.work('slow.job', 1, async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 1800));
      finished = true;
    });
    await queue.send('slow.job', {});
    await running;
    await queue.beforeApplicationShutdown();
    expect(finished).toBe(true);
  });
});

describe('JobQueue retries', () => {
  let db: TestDatabase;
  const queues: JobQueue<Record<string, object>>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const queue of queues) await queue.beforeApplicationShutdown();
    await db.drop();
  });

  it('runs a failed job again after JOB_RETRY_DELAY_SECONDS, not at once, then about twice as long after, telling the handler its last try', async () => {
    const queue = new JobQueue<Record<string, object>>(db.url, { jobRetryDelaySeconds: 1 });
    queues.push(queue);
    await queue.declare('flaky.job', { retryLimit: 2, expireInSeconds: 60 });
    const runs: { at: number; lastTry: boolean }[] = [];
    let done!: () => void;
    const succeeded = new Promise<void>((resolve) => (done = resolve));
    await queue.work('flaky.job', 1, async (_data, _id, lastTry) => {
      runs.push({ at: Date.now(), lastTry });
      if (runs.length < 3) throw new Error('the store does not answer yet');
      done();
    });
    await queue.send('flaky.job', {});
    await Promise.race([succeeded, new Promise((_, reject) => setTimeout(() => reject(new Error(`ran ${runs.length} times`)), 20_000))]);
    const [first, second] = [runs[1].at - runs[0].at, runs[2].at - runs[1].at];
    // 1 to 2 s (pg-boss adds up to as much again at random), then 2 to 4 s; plus up to a second for the worker to ask.
    expect(first).toBeGreaterThanOrEqual(1000);
    expect(first).toBeLessThan(3500);
    expect(second).toBeGreaterThanOrEqual(2000);
    expect(second).toBeLessThan(5500);
    expect(runs.map((r) => r.lastTry)).toEqual([false, false, true]);
  }, 30_000);

  it('gives a queue made earlier with other options (the immediate retries of an earlier version) the ones declared now', async () => {
    const earlier = new JobQueue<Record<string, object>>(db.url, { jobRetryDelaySeconds: 0 });
    const now = new JobQueue<Record<string, object>>(db.url, config);
    queues.push(earlier, now);
    await earlier.declare('kept.job', { retryLimit: 1, expireInSeconds: 60 });
    await db.query(`UPDATE pgboss.queue SET retry_delay = 0, retry_backoff = false WHERE name = 'kept.job'`);
    await now.declare('kept.job', { retryLimit: 3, expireInSeconds: 120 });
    const [queue] = await db.query('SELECT retry_limit, retry_delay, retry_backoff, expire_seconds FROM pgboss.queue WHERE name = $1', ['kept.job']);
    expect(queue).toEqual({ retry_limit: 3, retry_delay: 5, retry_backoff: true, expire_seconds: 120 });
  });
});
