import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * pg's Pool as TypeORM's driver holds it: how many connections it has, how many of them are idle, and its clients
 * (each with the process id of its PostgreSQL backend).
 */
type Pool = { totalCount: number; idleCount: number; _clients: { processID: number }[] };

describe("the API's database pool", () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  const pool = () => (dataSource.driver as unknown as { master: Pool }).master;
  /** The PostgreSQL backends of the pool's connections. */
  const backends = () => pool()._clients.map((c) => c.processID).sort();

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startTestApp(db.url);
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('keeps the connections a burst opened after they have been idle for longer than pg would keep them (10 s)', async () => {
    // Six queries at once, each holding its connection for a moment: the pool opens connections for them.
    await Promise.all(Array.from({ length: 6 }, () => dataSource.query('SELECT pg_sleep(0.2)')));
    const opened = pool().totalCount;
    expect(opened).toBeGreaterThanOrEqual(6);
    const before = backends();
    await new Promise((r) => setTimeout(r, 11_000));
    expect(pool().totalCount).toBe(opened);
    // The same backends: nothing was closed and opened again.
    expect(backends()).toEqual(before);
  }, 30_000);
});
