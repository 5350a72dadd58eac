import AxeBuilder from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { type Account, createConfirmedAccount, signInOnAuthPage, toast } from '../support/accounts';
import { e2eStations } from '../support/e2e-config';
import { expect, seriousAxeViolations, test } from '../support/fixtures';

// Offline listening ("Playlisty offline", issue 28): a paid account keeps a studio track in the browser and plays it
// with the network cut; Basic is shown the way to a plan that has it, and the server refuses it the offline route.

const root = path.resolve(__dirname, '../../..');

/** An operator's grant through the built plans command, on the e2e server's embedded database. */
function grantPremium(account: Account): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const granted = spawnSync(process.execPath, [path.join(root, 'dist/apps/api/plans.js'), 'grant', account.email, 'premium'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  expect(granted.status, `${granted.stdout}${granted.stderr}`).toBe(0);
}

/** The account's token and one 30 s track it generated through the API (the studio's own page is studio.spec.ts's). */
async function trackOf(request: APIRequestContext, account: Account, title: string): Promise<{ headers: Record<string, string>; id: string }> {
  const signIn = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  const headers = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
  const started = await request.post('/api/v1/studio/generate', { headers, data: { prompt: 'Spokojny rock do pociągu', title, length: '30s' } });
  expect(started.status(), await started.text()).toBe(200);
  const [taskId] = ((await started.json()) as { task_ids: string[] }).task_ids;
  let id = '';
  await expect
    .poll(
      async () => {
        const status = (await (await request.post('/api/v1/studio/status', { headers, data: { task_ids: [taskId] } })).json()) as { completed: boolean; tracks: { id: string }[] };
        id = status.tracks[0]?.id ?? '';
        return status.completed;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { headers, id };
}

test('a Premium member keeps a studio track offline, sees "dostępne offline" and the storage figure, and plays it with the network cut', async ({ page, context, request, allowedConsoleErrors }) => {
  test.setTimeout(90_000);
  // With the network cut, what the page still asks for (its realtime socket, reads) fails as it should.
  allowedConsoleErrors.push(/ERR_INTERNET_DISCONNECTED/, /WebSocket connection .* failed/);
  const member = await createConfirmedAccount(request, 'offline-premium');
  grantPremium(member);
  const { id } = await trackOf(request, member, 'W drodze');

  // The worker is served from the root, as a script every visit revalidates.
  const script = await request.get('/offline-worker.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');

  await signInOnAuthPage(page, member);
  // No worker before anything is kept.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await page.goto('/ai-studio');
  await page.getByRole('tab', { name: 'Moja biblioteka' }).click();
  const item = page.getByTestId('library-track').filter({ hasText: 'W drodze' });
  const kept = page.waitForResponse((response) => response.url().endsWith(`/api/v1/studio/tracks/${id}/offline`));
  await item.getByRole('button', { name: 'Zachowaj offline' }).click();
  expect((await kept).status()).toBe(200);
  await expect(toast(page, 'Zachowano offline: W drodze')).toBeVisible();
  await expect(item.getByText('dostępne offline', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-storage')).toHaveText(/^Miejsce offline: zajęte [\d,]+ [kMG]B, wolne [\d,]+ [kMG]B$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(item.getByTestId('track-audio')).toHaveAttribute('src', `/offline-media/studio/${id}`);

  // /profile lists it; its page itself still comes from the server, never from the worker.
  const profile = await page.goto('/profile');
  expect(profile?.fromServiceWorker()).toBe(false);
  const listed = page.getByTestId('offline-item').filter({ hasText: 'W drodze' });
  await expect(listed.getByText('dostępne offline', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-panel').getByTestId('offline-storage')).toBeVisible();
  expect(await seriousAxeViolations(new AxeBuilder({ page }).include('[data-testid="offline-panel"]'))).toEqual([]);

  await page.goto('/ai-studio');
  await page.getByRole('tab', { name: 'Moja biblioteka' }).click();
  await expect(item.getByTestId('track-audio')).toHaveAttribute('src', `/offline-media/studio/${id}`);
  await context.setOffline(true);
  expect(await page.evaluate(() => fetch('/api/v1/health').then(() => 'online', () => 'offline'))).toBe('offline');
  await item.getByRole('button', { name: 'Odtwórz „W drodze”' }).click();
  const audio = item.getByTestId('track-audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(1);
  // Seeking asks for a range, answered from the kept file.
  await audio.evaluate((a: HTMLAudioElement) => (a.currentTime = 20));
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(21);
  await context.setOffline(false);
});

test('a Premium member keeps a finished radio recording offline and finds it on /profile, playable with the network cut', async ({ page, context, request, allowedConsoleErrors }) => {
  test.setTimeout(90_000);
  allowedConsoleErrors.push(/ERR_INTERNET_DISCONNECTED/, /WebSocket connection .* failed/);
  const member = await createConfirmedAccount(request, 'offline-recorder');
  grantPremium(member);
  await signInOnAuthPage(page, member);
  await page.goto('/radio');
  const [rock] = e2eStations;
  await page.getByRole('button', { name: `Słuchaj: ${rock.name}` }).click();
  await expect(page.getByTestId('player-status')).toHaveText('LIVE', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Nagrywaj' }).click();
  await expect(page.getByTestId('recording-elapsed')).toBeVisible();
  await page.waitForTimeout(3200);
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Zatrzymaj nagrywanie' }).click()]);

  const recording = page.getByTestId('recordings').getByRole('listitem');
  await recording.getByRole('button', { name: 'Zachowaj offline' }).click();
  await expect(recording.getByText('dostępne offline', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-storage')).toHaveText(/^Miejsce offline: zajęte/);

  await page.goto('/profile');
  const kept = page.getByTestId('offline-item').filter({ hasText: /^E2E_Rock-.*\.webm/ });
  await expect(kept).toContainText('Nagranie z radia');
  await expect(kept.getByText('dostępne offline', { exact: true })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  const audio = kept.locator('audio');
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(1);
  await context.setOffline(false);
});

test('a Basic member gets the upgrade link instead, no worker, and the server refuses the offline route', async ({ page, request }) => {
  test.setTimeout(60_000);
  const member = await createConfirmedAccount(request, 'offline-basic');
  const { headers, id } = await trackOf(request, member, 'Bez planu');

  const refused = await request.get(`/api/v1/studio/tracks/${id}/offline`, { headers });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'premium_required', requiredPlan: 'premium' });

  await signInOnAuthPage(page, member);
  await page.goto('/ai-studio');
  await page.getByRole('tab', { name: 'Moja biblioteka' }).click();
  const item = page.getByTestId('library-track').filter({ hasText: 'Bez planu' });
  await expect(item.getByText('Słuchanie offline jest w planach Premium i Ultra.')).toBeVisible();
  await expect(item.getByRole('link', { name: 'Wybierz plan' })).toHaveAttribute('href', '/subscription');
  await expect(item.getByRole('button', { name: 'Zachowaj offline' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByTestId('offline-panel').getByRole('link', { name: 'Wybierz plan' })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
