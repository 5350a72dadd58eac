import { devices } from '@playwright/test';
import chromium from '../../tools/chromium.cjs';
import { playwrightSuite } from '../../tools/playwright-suite';

/** The port of the production server under test (started by global-setup.ts on its own database). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);

export default playwrightSuite({
  testDir: './src',
  globalSetup: './support/global-setup.ts',
  outputDir: '../../tmp/web-e2e/test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${e2ePort}`,
    locale: 'pl-PL',
    trace: { mode: 'retain-on-failure', screenshots: false },
    // A fake camera and microphone, allowed without asking: going live from the browser (live.spec.ts).
    launchOptions: { ...chromium.launchOptions, args: [...chromium.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
  },
});
