import type AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught exception in the page. A test that provokes an HTTP error on
 * purpose (a wrong password is a 400) lists it in `allowedConsoleErrors`, e.g. `httpError(400, '/auth/token')`:
 * Chromium logs each failed request as "Failed to load resource: … status of 400" with the request's URL.
 */
/**
 * A prerendered page shows its buttons before the app's scripts have run, and a click then does nothing (a link still
 * navigates). So every navigation in a test waits until React owns the page, its screen included (React marks each
 * element it has hydrated or rendered with its fiber), as a person waits for a page to respond; except a `commit`
 * navigation, which a test makes to look at the page before that.
 */
async function untilReactOwnsThePage(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const owned = (element: Element | null) => element === null || Object.keys(element).some((key) => key.startsWith('__react'));
    return owned(document.getElementById('root')) && owned(document.querySelector('#root main > *'));
  });
}

export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await untilReactOwnsThePage(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await untilReactOwnsThePage(page);
      return response;
    };
    await use(page);
  },
  // Playwright fixtures take their dependencies as a destructured object; this one has none.
  // eslint-disable-next-line no-empty-pattern
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const url = m.location().url;
        errors.push(url ? `${m.text()} (${url})` : m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      const unexpected = errors.filter((error) => !allowedConsoleErrors.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Matches Chromium's console line for a request to an /api/v1 path that answered `status`. */
export function httpError(status: number, apiPath: string): RegExp {
  const escaped = apiPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`status of ${status}\\b.*\\(https?://[^)]*/api/v1${escaped}(\\?[^)]*)?\\)$`);
}

export { expect };

/** What axe finds serious or critical, one line each (rule and elements), so a failure names them. */
export async function seriousAxeViolations(builder: AxeBuilder): Promise<string[]> {
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
