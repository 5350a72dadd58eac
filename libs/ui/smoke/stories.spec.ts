import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STORYBOOK_URL_ENV } from './global-setup';
import { assertStorybookBuilt, storybookStaticDir } from './storybook-static-dir';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

// Read at collection time so that each story becomes its own named test.
assertStorybookBuilt();
const index = JSON.parse(readFileSync(path.join(storybookStaticDir, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

test('the built Storybook has stories', () => {
  expect(stories.length).toBeGreaterThan(0);
});

const blocking = new Set(['serious', 'critical']);

for (const story of stories) {
  test(`${story.title} › ${story.name} (${story.id})`, async ({ page }) => {
    const baseUrl = process.env[STORYBOOK_URL_ENV];
    if (!baseUrl) throw new Error(`${STORYBOOK_URL_ENV} is not set; global-setup.ts did not run.`);

    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      consoleProblems.push(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
    });
    page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));

    // a11y.manual stops Storybook's a11y addon from running its own axe in the page at the same time.
    await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=a11y.manual:!true`);
    // Rendered, or Storybook gave up and shows its error screen (then fail with its message, not a timeout).
    await page.waitForFunction(
      () =>
        (document.querySelector('#storybook-root')?.childElementCount ?? 0) > 0 ||
        document.body.classList.contains('sb-show-errordisplay'),
    );
    if (await page.locator('body.sb-show-errordisplay').count()) {
      throw new Error(`Storybook could not render the story: ${await page.locator('#error-message').innerText()}`);
    }
    // Measure contrast with the real fonts, not the fallback.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => blocking.has(violation.impact ?? ''));
    // One readable line per violation and offending node, so the failure says what to fix and where.
    const report = serious.flatMap((violation) =>
      violation.nodes.map(
        (node) => `[${violation.impact}] ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );

    expect.soft(consoleProblems, 'console errors while rendering').toEqual([]);
    expect(report, 'serious/critical axe violations').toEqual([]);
  });
}
