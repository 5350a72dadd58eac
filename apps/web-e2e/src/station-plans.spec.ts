import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { createConfirmedAccount, signInOnAuthPage } from '../support/accounts';
import { e2eStations } from '../support/e2e-config';
import { expect, test } from '../support/fixtures';

const root = path.resolve(__dirname, '../../..');
const premium = e2eStations[4];

/** Gives the account a plan with the built plans command (an operator's grant), on the e2e server's database. */
function grant(email: string, plan: 'premium' | 'ultra'): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const granted = spawnSync(process.execPath, [path.join(root, 'dist/apps/api/plans.js'), 'grant', email, plan], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  expect(granted.status, `${granted.stdout}${granted.stderr}`).toBe(0);
}

/** Opens /radio once the browser has its radio pass (the cookie the relay reads the plan from). */
async function openRadio(page: Page): Promise<void> {
  const pass = page.waitForResponse((r) => r.url().endsWith('/api/v1/radio/pass') && r.request().method() === 'PUT');
  await page.goto('/radio');
  expect((await pass).status()).toBe(204);
}

test('a Basic listener sees a premium station locked, with "Premium" and the way to the plans, and the relay refuses it', async ({ page, request }) => {
  expect(premium.id).toBe('e2e-premium');
  const account = await createConfirmedAccount(request, 'basic-plans');
  await signInOnAuthPage(page, account);
  await openRadio(page);
  const grid = page.getByTestId('station-grid');
  const locked = grid.getByRole('link', { name: `${premium.name} – wymaga Premium. Zobacz plany` });
  await expect(locked).toBeVisible();
  await expect(locked.getByTestId('station-lock')).toHaveText('Premium');
  await expect(grid.getByRole('button', { name: `Słuchaj: ${premium.name}` })).toHaveCount(0);

  // The relay says the same to this browser (its cookies: the radio pass), naming the plan that opens the station.
  const refused = await page.request.get(`/api/v1/radio/${premium.id}/stream`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'premium_required', requiredPlan: 'premium' });

  // From the keyboard: the locked card is a link to the plans.
  await locked.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subscription$/);
});

test('a Premium listener plays the premium station from its 320 kbit/s stream, and the player says so', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'premium-plans');
  grant(account.email, 'premium');
  await signInOnAuthPage(page, account);
  const streams: Response[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/v1/radio/${premium.id}/stream`)) streams.push(response);
  });
  await openRadio(page);
  const grid = page.getByTestId('station-grid');
  await expect(grid.getByTestId('station-lock')).toHaveCount(0);
  await grid.getByRole('button', { name: `Słuchaj: ${premium.name}` }).click();

  const bar = page.getByTestId('player-bar');
  await expect(bar.getByTestId('player-status')).toHaveText('LIVE', { timeout: 15_000 });
  await expect(bar.getByTestId('stream-bitrate')).toHaveText('320 kbps');
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  const played = streams[streams.length - 1];
  expect(played.status()).toBe(200);
  expect(played.headers()).toMatchObject({ 'x-stream-quality': 'hq', 'x-stream-bitrate': '320' });
});
