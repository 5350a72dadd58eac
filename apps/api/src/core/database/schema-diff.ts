import 'reflect-metadata';
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { entities } from '../../repositories/schema/entities';
import { migrations } from '../../migrations';
import { EmbeddedDatabase } from './embedded-database';

/**
 * `npm run migration:sql`: applies the migrations to a throwaway database and prints the SQL that
 * would bring it to what the entities describe, ready to paste into a new migration.
 */
async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grouarock-schema-'));
  chmodSync(dir, 0o755);
  const db = new EmbeddedDatabase({ databaseDir: path.join(dir, 'postgres') });
  try {
    const dataSource = new DataSource({ type: 'postgres', url: await db.start(), entities, migrations, uuidExtension: 'pgcrypto' });
    await dataSource.initialize();
    await dataSource.runMigrations();
    const { upQueries, downQueries } = await dataSource.driver.createSchemaBuilder().log();
    await dataSource.destroy();
    if (!upQueries.length) {
      console.log('-- The migrations already match the entities.');
      return;
    }
    console.log('-- up');
    for (const q of upQueries) console.log(`${q.query};`);
    console.log('\n-- down');
    for (const q of downQueries.reverse()) console.log(`${q.query};`);
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
