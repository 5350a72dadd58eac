import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createConfirmedAccount, toast } from '../support/accounts';
import { e2eStations } from '../support/e2e-config';
import { expect, test } from '../support/fixtures';
import { closeSignInInvitation, playerPeak, playerStatus } from '../support/radio-player';

const root = path.resolve(__dirname, '../../..');
const [rock] = e2eStations;
/** The break comes at the first heartbeat (15 s) after 12 s of listening. */
const ADS_EVERY_MINUTES = '0.2';

/**
 * A second built server on the e2e database and stations, with an ad break every 12 s of listening (the suite's own
 * server keeps the default 15 minutes, so no other test hears a break).
 */
/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-ads-e2e-'));
  let output = '';
  server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The suite's own catalogue and events: a server that booted without them would unlist them for every other spec.
      STATIONS_FILE: path.join(process.env.E2E_DATA_DIR ?? '', 'stations.json'),
      EVENTS_FILE: path.join(process.env.E2E_DATA_DIR ?? '', 'events.json'),
      ADS_EVERY_MINUTES,
      RTMP_PORT: '0',
      LIVE_WEBRTC_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await expect
    .poll(async () => (server.exitCode === null ? (await fetch(`${base}/api/v1/health`).catch(() => undefined))?.status : `exited: ${output}`), { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
});


/** /radio on the ads server, the sign-in invitation (signed out) closed, and the rock station playing. */
async function playRock(page: Page, { signedOut }: { signedOut: boolean }) {
  await page.goto(`${base}/radio`);
  await expect(page.getByRole('button', { name: `Słuchaj: ${rock.name}` })).toBeVisible();
  if (signedOut) {
    await closeSignInInvitation(page);
  }
  await page.getByRole('button', { name: `Słuchaj: ${rock.name}` }).click();
  await expect(playerStatus(page)).toHaveText('LIVE', { timeout: 15_000 });
}

test('a signed-out (Basic) listener hears a break with a countdown, cannot skip it, and the station comes back live', async ({ page }) => {
  test.setTimeout(90_000);
  const streams: string[] = [];
  const spots: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/radio\/[^/]+\/stream/.test(request.url())) streams.push(request.url());
    if (request.url().includes('/api/v1/ads/spots/')) spots.push(request.url());
  });
  await playRock(page, { signedOut: true });
  await expect.poll(() => playerPeak(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
  // On a plan with ads the player names its listener to the relay with a stream ticket (a plain client gets a 403).
  expect(streams[0]).toMatch(new RegExp(`/api/v1/radio/${rock.id}/stream\\?ticket=[\\w.%-]+$`));
  const bare = await fetch(`${base}/api/v1/radio/${rock.id}/stream`);
  expect([bare.status, ((await bare.json()) as { code: string }).code]).toEqual([403, 'stream_ticket_required']);

  const adBreak = page.getByTestId('ad-break');
  await expect(adBreak).toBeVisible({ timeout: 25_000 });
  await expect(adBreak.getByText('Reklama', { exact: true })).toBeVisible();
  await expect(adBreak.getByRole('link', { name: 'Przejdź na Premium' })).toHaveAttribute('href', '/subscription');
  // The station's controls show the break and cannot end it.
  await expect(playerStatus(page)).toHaveText('Reklama');
  await expect(page.getByTestId('play-button')).toBeDisabled();
  await expect(page.getByTestId('play-button')).toHaveAccessibleName('Trwa reklama: stacja wróci po niej');
  // The countdown runs, and is announced politely.
  const countdown = page.getByTestId('ad-countdown');
  const first = Number((await countdown.textContent())?.replace(/\D/g, ''));
  expect(first).toBeGreaterThan(3);
  expect(first).toBeLessThanOrEqual(9);
  await expect.poll(async () => Number((await countdown.textContent())?.replace(/\D/g, '')), { timeout: 5000 }).toBeLessThan(first);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: /^Reklama\. Stacja wróci za \d+ sekund/ })).toHaveCount(1);
  expect(spots).toEqual([`${base}/api/v1/ads/spots/grouarock-premium.mp3`]);
  // The station is ducked to silence while the spot plays on its own element.
  await expect.poll(() => playerPeak(page), { timeout: 5000 }).toBeLessThan(0.01);

  const completed = page.waitForResponse((response) => /\/api\/v1\/ads\/breaks\/[^/]+\/complete$/.test(response.url()) && response.status() === 200, { timeout: 20_000 });
  const streamsBefore = streams.length;
  await completed;
  await expect(adBreak).toBeHidden({ timeout: 10_000 });
  await expect(playerStatus(page)).toHaveText('LIVE', { timeout: 15_000 });
  await expect(page.getByTestId('play-button')).toBeEnabled();
  await expect.poll(() => playerPeak(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
  // Back at the live edge: a new connection to the station, not the paused one.
  expect(streams.length).toBeGreaterThan(streamsBefore);
});

test('a Premium listener never hears a break', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = await createConfirmedAccount(request, 'premium-ads');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const granted = spawnSync(process.execPath, [path.join(root, 'dist/apps/api/plans.js'), 'grant', account.email, 'premium'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  expect(granted.status, `${granted.stdout}${granted.stderr}`).toBe(0);

  await page.goto(`${base}/auth`);
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Hasło', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(toast(page, 'Witaj w GrouaRock!')).toBeVisible();

  const reports: { ads: boolean; break: unknown }[] = [];
  const order: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/ads/listening')) void response.json().then((body: { ads: boolean; break: unknown }) => reports.push(body));
    if (response.url().endsWith('/api/v1/radio/pass')) order.push('pass');
  });
  page.on('request', (request) => {
    if (/\/api\/v1\/radio\/[^/]+\/stream/.test(request.url())) order.push(`stream ${request.url().includes('?ticket=') ? 'with a ticket' : 'plain'}`);
  });
  // Play as soon as the page offers it (the session is still being restored): the player waits for the radio pass,
  // so the first stream already plays on Premium, and needs no ticket.
  await playRock(page, { signedOut: false });
  expect(order.slice(0, 2)).toEqual(['pass', 'stream plain']);
  // Past the interval and its first heartbeat: a Basic listener would be in a break by now.
  await page.waitForTimeout(20_000);
  await expect.poll(() => reports.length).toBeGreaterThanOrEqual(1);
  expect(reports.every((r) => r.ads === false && r.break === null)).toBe(true);
  await expect(page.getByTestId('ad-break')).toHaveCount(0);
  await expect(playerStatus(page)).toHaveText('LIVE');
  expect(await playerPeak(page)).toBeGreaterThan(0.05);
});
