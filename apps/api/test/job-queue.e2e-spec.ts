import { JobQueue } from '../src/repositories/job-queue';
import { createTestDatabase, type TestDatabase } from './support/database';

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
    for (let i = 0; i < 4; i++) queues.push(new JobQueue<Record<string, object>>(db.url));
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
    const queue = new QuickQueue(db.url);
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
