import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from '../../tools/chromium.cjs';

/** The port of the production server under test (started by global-setup.ts on its own database). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: './src',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../../tmp/web-e2e/test-results',
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    launchOptions,
    locale: 'pl-PL',
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
