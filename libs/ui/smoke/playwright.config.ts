import { defineConfig } from '@playwright/test';
import chromium from '../../../tools/chromium.cjs';

// Smoke run over the built Storybook: every story must render without console errors and without serious
// or critical axe violations. Chromium is Debian's (tools/chromium.cjs), never a downloaded build.
chromium.assertChromium();

export default defineConfig({
  testDir: __dirname,
  testMatch: 'stories.spec.ts',
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
    // Animations off: axe then measures colours at rest, and the reduced-motion styles get exercised.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
});
