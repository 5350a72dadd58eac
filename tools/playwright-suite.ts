import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import chromium from './chromium.cjs';

/**
 * The settings every Playwright suite of ours shares: Debian's Chromium with our flags (tools/chromium.cjs), two
 * workers (the machine's two cores), no retries, `.only` refused, the list reporter (`npm test` adds a JSON one). A
 * suite passes only what is its own: where its tests are, its setup, and its browser context.
 */
export function playwrightSuite({ use, ...suite }: PlaywrightTestConfig): PlaywrightTestConfig {
  chromium.assertChromium();
  return defineConfig({
    fullyParallel: true,
    forbidOnly: true,
    retries: 0,
    workers: 2,
    timeout: 30_000,
    reporter: [['list']],
    ...suite,
    use: { browserName: 'chromium', headless: true, launchOptions: chromium.launchOptions, trace: 'off', ...use },
  });
}
