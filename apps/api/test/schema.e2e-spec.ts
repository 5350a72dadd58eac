import { DataSource } from 'typeorm';
import { entities } from '../src/repositories/schema/entities';
import { migrations } from '../src/migrations';
import { createTestDatabase, type TestDatabase } from './support/database';

/** Entities and migrations must describe the same schema; synchronize is never used to paper over it. */
describe('database schema', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({
      type: 'postgres',
      url: db.url,
      entities,
      migrations,
      uuidExtension: 'pgcrypto',
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  it('migrations create exactly what the entities describe', async () => {
    await dataSource.runMigrations();
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('every migration can be reverted and applied again', async () => {
    for (let i = 0; i < migrations.length; i++) await dataSource.undoLastMigration();
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations'",
    );
    expect(tables).toEqual([]);
    await dataSource.runMigrations();
    expect((await dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});
