import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const embedded = globalThis.__embeddedTestDatabase;
  if (!embedded) return;
  await embedded.db.stop();
  rmSync(embedded.dir, { recursive: true, force: true });
}
