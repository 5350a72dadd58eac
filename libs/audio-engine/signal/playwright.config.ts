import { defineConfig } from '@playwright/test';
import chromium from '../../../tools/chromium.cjs';

// Signal tests of the audio engine in real Chromium: offline renders measured sample by sample, and a
// real-time context for the stream deck and the recorder. Chromium is Debian's (tools/chromium.cjs).
chromium.assertChromium();

export default defineConfig({
  testDir: __dirname,
  testMatch: '*.spec.ts',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromium.launchOptions,
    trace: 'off',
  },
});
