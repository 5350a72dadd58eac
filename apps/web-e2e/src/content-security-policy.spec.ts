import type { CDPSession, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfirmedAccount, signInOnAuthPage } from '../support/accounts';
import { e2eStations } from '../support/e2e-config';
import { expect, httpError, test } from '../support/fixtures';
import { closeSignInInvitation, playerPeak, playerStatus } from '../support/radio-player';

const [rock] = e2eStations;

/**
 * Every path of the app's router (apps/web/src/app/routes.tsx), read from it so a new screen is visited here too, each
 * parameter given a value: a real tutorial, a playlist that does not exist (its error state), a path no route has.
 * Not /marketplace: no page of the app, it sends the browser on to the marketplace's own site at once.
 */
function appPaths(): string[] {
  const source = readFileSync(path.join(__dirname, '../../web/src/app/routes.tsx'), 'utf8');
  const values: Record<string, string> = { ':id': 'pierwsze-kroki-z-radiem', ':step': 'pierwsze-kroki-z-radiem' };
  const routes = [...source.matchAll(/\{ path: '([^']+)'/g)].map(([, route]) => route).filter((route) => route !== 'marketplace');
  const paths = routes.map((route) =>
    route === '*' ? '/no-such-page' : `/${route.startsWith('playlists/') ? 'playlists/00000000-0000-4000-8000-000000000000' : route.replace(/:\w+/g, (name) => values[name])}`,
  );
  expect(paths.length, 'the routes read from the router').toBeGreaterThan(20);
  return ['/', ...paths];
}

/** Violations the page saw (`securitypolicyviolation`, fired for each one, Trusted Types' too), kept on window. */
const VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.effectiveDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ' (' + e.sample + ')'));
`;
const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/**
 * The reports the browser's Reporting API made for the page (report-to), and what became of each (`Queued`, `Pending`,
 * `Success` once the endpoint answered 2xx, `MarkedForRemoval` on a failure), read from Chromium's DevTools protocol:
 * the reports travel outside the page, where no request handler of Playwright sees them.
 */
async function reportsOf(page: Page): Promise<{ session: CDPSession; reports: Map<string, { type: string; status: string; body: Record<string, unknown> }> }> {
  const session = await page.context().newCDPSession(page);
  const reports = new Map<string, { type: string; status: string; body: Record<string, unknown> }>();
  type Report = { id: string; type: string; status: string; body: Record<string, unknown> };
  session.on('Network.reportingApiReportAdded', ({ report }: { report: Report }) => void reports.set(report.id, report));
  session.on('Network.reportingApiReportUpdated', ({ report }: { report: Report }) => void reports.set(report.id, report));
  await session.send('Network.enable');
  await session.send('Network.enableReportingApi', { enable: true });
  return { session, reports };
}

test.describe('the Content-Security-Policy', () => {
  test.beforeEach(async ({ page }) => page.addInitScript(VIOLATIONS));

  test('every page of the app opens under it with no violation and no report', async ({ page, allowedConsoleErrors }) => {
    test.setTimeout(180_000);
    // The playlist that does not exist answers 404, as its page expects.
    allowedConsoleErrors.push(httpError(404, '/playlists/00000000-0000-4000-8000-000000000000'));
    const { reports } = await reportsOf(page);
    for (const url of appPaths()) {
      const response = await page.goto(url);
      const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
      expect(policy, url).toContain("require-trusted-types-for 'script'");
      expect(policy, url).not.toContain('unsafe-inline');
      // The screen's own chunk loaded and rendered (a slow machine may take a while).
      await expect(page.locator('#root main'), url).toBeVisible({ timeout: 15_000 });
      expect(await violationsOf(page), url).toEqual([]);
    }
    expect([...reports.values()].filter((report) => report.type === 'csp-violation')).toEqual([]);
  });

  test('a blocked inline style is seen and reported: report-to queues it, report-uri delivers it to the endpoint', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/^Applying inline style violates the following Content Security Policy directive/);
    const inject = () =>
      page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { background: red }';
        document.head.append(style);
      });
    const { reports } = await reportsOf(page);
    await page.goto('/about');
    await inject();
    await expect.poll(() => violationsOf(page)).toEqual([expect.stringMatching(/^style-src-elem blocked inline/)]);
    // The Reporting API's report, made for report-to's endpoint (Chromium sends its batches a minute apart).
    await expect
      .poll(() => [...reports.values()].filter((report) => report.type === 'csp-violation').map((report) => report.body.effectiveDirective))
      .toEqual(['style-src-elem']);

    // A browser without the Reporting API (here: the answer without Reporting-Endpoints) posts to report-uri at once:
    // the endpoint takes it (204; counted in grouarock_csp_violations_total, kept, logged).
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const { 'reporting-endpoints': _endpoints, ...headers } = response.headers();
      await route.fulfill({ response, headers: { ...headers, 'content-security-policy': headers['content-security-policy'].replace(/;report-to csp$/, '') } });
    });
    await page.goto('/about');
    const delivered = page.waitForResponse((response) => response.url().endsWith('/api/v1/csp-reports') && response.request().method() === 'POST');
    await inject();
    const answer = await delivered;
    expect(answer.status()).toBe(204);
    expect(answer.request().headers()['content-type']).toBe('application/csp-report');
    expect(JSON.parse(answer.request().postData() ?? '{}')['csp-report']).toMatchObject({ 'effective-directive': 'style-src-elem', 'blocked-uri': 'inline' });
  });

  test('a string for a script sink is refused by Trusted Types', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/^This document requires 'TrustedHTML' assignment/);
    await page.goto('/about');
    const refused = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
        return false;
      } catch (e) {
        return e instanceof TypeError;
      }
    });
    expect(refused).toBe(true);
    expect(await violationsOf(page)).toEqual([expect.stringMatching(/^require-trusted-types-for blocked trusted-types-sink/)]);
  });

  test('the radio plays, the mixer opens and the studio works under it', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.goto('/radio');
    await closeSignInInvitation(page);
    await page.getByRole('button', { name: `Słuchaj: ${rock.name}` }).click();
    await expect(playerStatus(page)).toHaveText('LIVE', { timeout: 15_000 });
    // Audio through the Web Audio graph (its worklets included) reaches the meter.
    await expect.poll(() => playerPeak(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
    await page.getByRole('button', { name: 'PRO DJ MIXER' }).click();
    await expect(page.getByRole('dialog', { name: 'PRO DJ MIXER' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await violationsOf(page)).toEqual([]);

    await signInOnAuthPage(page, await createConfirmedAccount(request, 'csp'));
    for (const url of ['/ai-studio', '/profile', '/subscription']) {
      await page.goto(url);
      await expect(page.locator('#root main')).toBeVisible();
      expect(await violationsOf(page), url).toEqual([]);
    }
    await page.goto('/ai-studio');
    await expect(page.getByRole('tab', { name: 'Generuj muzykę' })).toHaveAttribute('aria-selected', 'true');
    expect(await violationsOf(page)).toEqual([]);
  });

  test('Swagger UI at /api/docs works under it with no violation: an operation opened, tried and answered', async ({ page }) => {
    await page.goto('/api/docs');
    const policy = (await page.request.get('/api/docs')).headers()['content-security-policy'];
    expect(policy).not.toContain('unsafe-inline');
    await page.getByText('/api/v1/health', { exact: true }).click();
    await page.getByRole('button', { name: 'Try it out' }).first().click();
    await page.getByRole('button', { name: 'Execute' }).first().click();
    await expect(page.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText('200');
    expect(await violationsOf(page)).toEqual([]);
  });
});
