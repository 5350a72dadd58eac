import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import { createConfirmedAccount, signInOnAuthPage } from '../support/accounts';
import { e2eStations } from '../support/e2e-config';
import { expect, test } from '../support/fixtures';
import { playerPeak } from '../support/radio-player';

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

/** A new account on `plan` plays the premium station from its card: the player bar once it is live, and the relay's answer. */
async function playPremiumStationOn(page: Page, request: APIRequestContext, plan: 'premium' | 'ultra'): Promise<{ bar: Locator; played: Response }> {
  const account = await createConfirmedAccount(request, `${plan}-plans`);
  grant(account.email, plan);
  await signInOnAuthPage(page, account);
  const streams: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/v1/radio/${premium.id}/stream`) streams.push(response);
  });
  await openRadio(page);
  const grid = page.getByTestId('station-grid');
  await expect(grid.getByTestId('station-lock')).toHaveCount(0);
  await grid.getByRole('button', { name: `Słuchaj: ${premium.name}` }).click();

  const bar = page.getByTestId('player-bar');
  await expect(bar.getByTestId('player-status')).toHaveText('LIVE', { timeout: 15_000 });
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  const played = streams[streams.length - 1];
  expect(played.status()).toBe(200);
  return { bar, played };
}

test('a Premium listener plays the premium station from its 320 kbit/s stream, and the player says so', async ({ page, request }) => {
  const { bar, played } = await playPremiumStationOn(page, request, 'premium');
  await expect(bar.getByTestId('stream-bitrate')).toHaveText('320 kbps');
  expect(played.headers()).toMatchObject({ 'x-stream-quality': 'hq', 'x-stream-bitrate': '320' });
});

test('an Ultra listener plays the premium station from its lossless FLAC stream, and the player says so', async ({ page, request }) => {
  const { bar, played } = await playPremiumStationOn(page, request, 'ultra');
  await expect(bar.getByTestId('stream-bitrate')).toHaveText('FLAC');
  await expect(bar.getByTestId('stream-bitrate')).toHaveAttribute('title', 'Jakość dźwięku: bezstratna (FLAC)');
  expect(played.headers()).toMatchObject({ 'content-type': 'application/ogg', 'x-stream-quality': 'lossless' });
  expect(played.headers()['x-stream-bitrate']).toBeUndefined();
  // Chromium decodes the Ogg FLAC: the level meter (Web Audio, after the audio element) hears the mount's tone.
  await expect.poll(() => playerPeak(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
  // Now-playing is the FLAC stream's own Vorbis comment (the relay reads it; Icecast sends Ogg without ICY titles).
  const playing = await page.request.get(`/api/v1/radio/${premium.id}/nowplaying`);
  expect(await playing.json()).toMatchObject({ artist: premium.lossless.artist, title: premium.lossless.title, source: 'stream' });
});
