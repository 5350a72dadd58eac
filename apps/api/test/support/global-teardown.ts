import { rmSync } from 'node:fs';
import path from 'node:path';
import { EmbeddedDatabase } from '../../src/core/database/embedded-database';

export default async function globalTeardown(): Promise<void> {
  const embedded = globalThis.__embeddedTestDatabase;
  if (!embedded) return;
  await embedded.db.stop();
  // Its files may live outside the directory (see cluster-directory.ts) when TMPDIR is closed to postgres.
  EmbeddedDatabase.remove(path.join(embedded.dir, 'postgres'));
  rmSync(embedded.dir, { recursive: true, force: true });
}
