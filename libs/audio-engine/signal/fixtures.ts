import { type Page, expect, test as base } from '@playwright/test';
import { SIGNAL_URL_ENV } from './global-setup';

export { expect };

/**
 * `signalPage`: the built test page, loaded and ready (`window.signal`). Any page error or console error
 * during the test fails it.
 */
export const test = base.extend<{ signalPage: Page }>({
  signalPage: async ({ page }, use) => {
    const url = process.env[SIGNAL_URL_ENV];
    if (!url) throw new Error(`${SIGNAL_URL_ENV} is not set; global-setup.ts did not run.`);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    await page.goto(url);
    await page.waitForFunction(() => typeof window.signal === 'object');
    await use(page);
    expect(problems, 'errors in the page').toEqual([]);
  },
});
