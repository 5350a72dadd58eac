import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from '../../src/core/database/embedded-database';

declare global {
  var __embeddedTestDatabase: { db: EmbeddedDatabase; dir: string } | undefined;
}

/** One PostgreSQL server for the whole run: DATABASE_URL when given, else a throwaway embedded one. */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'grouarock-api-tests-'));
  chmodSync(dir, 0o755); // the server runs as its own user when the tests run as root
  const db = new EmbeddedDatabase({ databaseDir: path.join(dir, 'postgres') });
  process.env.TEST_DATABASE_URL = await db.start();
  globalThis.__embeddedTestDatabase = { db, dir };
}
