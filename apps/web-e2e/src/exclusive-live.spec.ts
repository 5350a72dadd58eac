import { type ChildProcess, spawn } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, createConfirmedAccount, signInOnAuthPage } from '../support/accounts';
import { query } from '../support/database';
import { expect, test } from '../support/fixtures';

// An Ultra-only stream ("Ekskluzywne wydarzenia na żywo", docs/live.md): its streamer publishes it from a real RTMP
// encoder (ffmpeg, as OBS would); a Basic viewer sees it in the list with the lock and is shown the way to Ultra instead
// of the player; an Ultra viewer (an operator's grant) watches it.

async function tokenOf(request: APIRequestContext, account: Account): Promise<Record<string, string>> {
  const signIn = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  return { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
}

/** An operator's grant of Ultra, as the plans command writes it. */
async function grantUltra(account: Account): Promise<void> {
  await query(`INSERT INTO plan_grants (user_id, plan) SELECT id, 'ultra' FROM users WHERE email = $1`, [account.email]);
}

/** A test pattern with a tone, sent in real time over RTMP with OBS's recommended settings (x264 zerolatency, a keyframe a second). */
function publish(key: string): ChildProcess {
  const url = `rtmp://127.0.0.1:${process.env.E2E_RTMP_PORT ?? '4311'}/live/${key}`;
  return spawn(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
    { stdio: 'ignore' },
  );
}

/** Signs `account` in on `page`, finds the stream's card in "Na żywo teraz" (with its lock) and opens it: its dialog. */
async function openStream(page: Page, account: Account, title: string) {
  await signInOnAuthPage(page, account);
  await page.goto('/#streaming');
  const card = page.getByRole('region', { name: 'Na żywo teraz' }).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('🔒 Ultra')).toBeVisible({ timeout: 10_000 });
  await card.getByRole('button', { name: new RegExp(title) }).click();
  return page.getByRole('dialog', { name: title });
}

test('an Ultra-only stream: a Basic viewer sees the lock and the way to Ultra, an Ultra viewer watches it', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const streamer = await createConfirmedAccount(request, 'vipstream');
  const basic = await createConfirmedAccount(request, 'basicfan');
  const ultra = await createConfirmedAccount(request, 'ultrafan');
  await grantUltra(ultra);
  const title = `Tylko dla VIP ${streamer.username}`;
  const headers = await tokenOf(request, streamer);
  const created = await request.post('/api/v1/stream/create', { headers, data: { title, genre: 'rock', audience: 'ultra' } });
  expect(created.status(), await created.text()).toBe(200);
  const { id, streamKey } = (await created.json()) as { id: string; streamKey: string };
  const encoder = publish(streamKey);
  try {
    await expect.poll(async () => ((await request.get(`/api/v1/stream/${id}`)).json() as Promise<{ status: string }>).then((s) => s.status), { timeout: 15_000 }).toBe('live');

    // Basic: the card carries the lock, and the dialog the way to Ultra instead of the player.
    const locked = await openStream(page, basic, title);
    await expect(locked.getByText('Transmisja tylko dla Ultra')).toBeVisible();
    await expect(locked.getByRole('link', { name: 'Przejdź na Ultra' })).toHaveAttribute('href', '/subscription');
    await expect(locked.getByLabel(`Obraz transmisji: ${title}`)).toHaveCount(0);
    // The files refuse this viewer too, whatever the page shows.
    const refused = await request.get(`/api/v1/live/${id}/index.m3u8`, { headers: await tokenOf(request, basic) });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ultra_only', requiredPlan: 'ultra' });

    // Ultra: the same card plays.
    const ultraContext = await browser.newContext({ locale: 'pl-PL' });
    const dialog = await openStream(await ultraContext.newPage(), ultra, title);
    const video = dialog.getByLabel(`Obraz transmisji: ${title}`);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    await expect(dialog.getByText('Transmisja tylko dla Ultra')).toHaveCount(0);
    // Over WebRTC, with the same access as HLS (the RTMP stream's audio transcoded to Opus for it).
    await expect(dialog.getByText('WebRTC · opóźnienie poniżej sekundy')).toBeVisible();
    await ultraContext.close();
  } finally {
    encoder.kill('SIGKILL');
    await request.post(`/api/v1/stream/${id}/stop`, { headers: await tokenOf(request, streamer) });
  }
});
