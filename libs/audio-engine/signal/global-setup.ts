import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPage } from './build-page';
import { startStaticServer } from '../../../tools/testing/static-server';

/** Env var through which the workers learn the page's address (they inherit this process's env). */
export const SIGNAL_URL_ENV = 'AUDIO_ENGINE_SIGNAL_URL';

/** Bundles the test page and serves it for the whole run; the returned function is the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'audio-engine-signal-'));
  await buildPage(dir);
  const server = await startStaticServer(dir);
  process.env[SIGNAL_URL_ENV] = server.url;
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
