import { assertStorybookBuilt, storybookStaticDir } from './storybook-static-dir';
import { startStaticServer } from '../../../tools/testing/static-server';

/** Env var through which the workers learn the server's address (they inherit this process's env). */
export const STORYBOOK_URL_ENV = 'UI_SMOKE_STORYBOOK_URL';

/** Serves the built Storybook for the whole run; the returned function is Playwright's teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertStorybookBuilt();
  const server = await startStaticServer(storybookStaticDir);
  process.env[STORYBOOK_URL_ENV] = server.url;
  return server.close;
}
