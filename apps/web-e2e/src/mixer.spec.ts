import type { Locator, Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createConfirmedAccount, signInOnAuthPage } from '../support/accounts';
import { e2eStations } from '../support/e2e-config';
import { expect, httpError, test } from '../support/fixtures';

const [rock, punk] = e2eStations;

/** /radio with a signed-out visitor's login dialog (after 3 s) waited for and closed, then the mixer opened. */
async function openMixer(page: Page): Promise<Locator> {
  await page.goto('/radio');
  await expect(page.getByRole('heading', { level: 1, name: 'Radio Online' })).toBeVisible();
  const login = page.getByRole('dialog', { name: 'Zaloguj się' });
  await expect(login).toBeVisible({ timeout: 6000 });
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await page.getByRole('button', { name: 'PRO DJ MIXER' }).click();
  const mixer = page.getByRole('dialog', { name: 'PRO DJ MIXER' });
  await expect(mixer).toBeVisible();
  return mixer;
}

async function chooseStation(mixer: Locator, deck: 'A' | 'B', name: string) {
  const picker = mixer.getByRole('combobox', { name: `Stacja — deck ${deck}` });
  const value = await picker.getByRole('option', { name: new RegExp(name) }).getAttribute('value');
  await picker.selectOption(value ?? '');
  await expect(picker.locator('option:checked')).toContainText(name);
}

const level = async (meter: Locator) => Number(await meter.getAttribute('aria-valuenow'));

test.describe('the PRO DJ MIXER', () => {
  test('opens with the spec defaults and closes on Escape', async ({ page }) => {
    const mixer = await openMixer(page);
    const knob = (name: string) => mixer.getByRole('slider', { name, exact: true });
    await expect(knob('Głośność A')).toHaveAttribute('aria-valuenow', '80');
    await expect(knob('Głośność B')).toHaveAttribute('aria-valuenow', '80');
    await expect(knob('Gain A')).toHaveAttribute('aria-valuenow', '75');
    await expect(knob('Crossfader')).toHaveValue('50');
    await expect(knob('Master')).toHaveAttribute('aria-valuenow', '85');
    await expect(knob('Słuchawki')).toHaveAttribute('aria-valuenow', '70');
    await expect(knob('Przestrzeń')).toHaveAttribute('aria-valuenow', '50');
    await expect(knob('Niskie A')).toHaveAttribute('aria-valuenow', '0');
    await expect(knob('Niskie A')).toHaveAttribute('aria-valuemin', '-50');

    // Keyboard: the knob clamps at its ends; the kill drops the band to the bottom.
    await knob('Głośność A').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await expect(knob('Głośność A')).toHaveAttribute('aria-valuenow', '100');
    await mixer.getByRole('button', { name: 'Wytnij średnie B' }).click();
    await expect(knob('Średnie B')).toHaveAttribute('aria-valuenow', '-50');
    await expect(mixer.getByRole('button', { name: 'Wytnij średnie B' })).toHaveAttribute('aria-pressed', 'true');

    await page.keyboard.press('Escape');
    await expect(mixer).toBeHidden();
  });

  test('two decks play two stations; the crossfader at each end silences the other deck on the meters', async ({ page }) => {
    test.setTimeout(60_000);
    const mixer = await openMixer(page);
    await chooseStation(mixer, 'A', rock.name);
    await chooseStation(mixer, 'B', punk.name);
    await mixer.getByRole('button', { name: 'Graj — deck A' }).click();
    await mixer.getByRole('button', { name: 'Graj — deck B' }).click();
    await expect(mixer.getByTestId('deck-a-state')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    await expect(mixer.getByTestId('deck-b-state')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });

    const meterA = mixer.getByRole('meter', { name: 'Poziom decku A' });
    const meterB = mixer.getByRole('meter', { name: 'Poziom decku B' });
    const master = mixer.getByRole('meter', { name: 'Poziom master' });
    // In the middle both decks are heard.
    await expect.poll(() => level(meterA), { timeout: 10_000 }).toBeGreaterThan(-40);
    await expect.poll(() => level(meterB), { timeout: 10_000 }).toBeGreaterThan(-40);
    await expect.poll(() => level(master)).toBeGreaterThan(-40);

    const crossfader = mixer.getByRole('slider', { name: 'Crossfader' });
    await crossfader.focus();
    await page.keyboard.press('Home');
    await expect(crossfader).toHaveValue('0');
    await expect.poll(() => level(meterB)).toBe(-60);
    await expect.poll(() => level(meterA)).toBeGreaterThan(-40);
    await expect.poll(() => level(master)).toBeGreaterThan(-40);

    await page.keyboard.press('End');
    await expect(crossfader).toHaveValue('100');
    await expect.poll(() => level(meterA)).toBe(-60);
    await expect.poll(() => level(meterB)).toBeGreaterThan(-40);

    // The curve choice is there, and pausing a deck stops it.
    const curve = mixer.getByRole('combobox', { name: 'Krzywa crossfadera' });
    await curve.selectOption({ label: 'Ostre cięcie' });
    await expect(curve.locator('option:checked')).toHaveText('Ostre cięcie');
    await mixer.getByRole('button', { name: 'Pauza — deck B' }).click();
    await expect(mixer.getByTestId('deck-b-state')).toHaveAttribute('data-state', 'stopped');
    await expect.poll(() => level(meterB)).toBe(-60);

    // Closing stops both decks: no stream is left playing on the page.
    await mixer.getByRole('button', { name: 'Zamknij mikser' }).click();
    await expect(mixer).toBeHidden();
  });
});

test.describe('the PRO DJ MIXER goes live', () => {
  test('a signed-in DJ broadcasts the mix: the stream goes live with the mix as its sound, and stops', async ({ page, request, allowedConsoleErrors }) => {
    test.setTimeout(90_000);
    // Longer than the e2e server's 10 s access tokens: an expired one is answered 401 and the client refreshes it.
    allowedConsoleErrors.push(httpError(401, '/stream/current'), httpError(401, '/stream/whip'), /status of 401\b.*\/api\/v1\/stream\/[0-9a-f-]+\/stop\)$/);
    const dj = await createConfirmedAccount(request, 'dj');
    await signInOnAuthPage(page, dj);
    await page.goto('/radio');
    await page.getByRole('button', { name: 'PRO DJ MIXER' }).click();
    const mixer = page.getByRole('dialog', { name: 'PRO DJ MIXER' });
    await chooseStation(mixer, 'A', rock.name);
    await mixer.getByRole('button', { name: 'Graj — deck A' }).click();
    await expect(mixer.getByTestId('deck-a-state')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });

    const broadcast = mixer.getByRole('region', { name: 'Nadaj miks na żywo' });
    const title = `Set ${dj.username}`;
    await broadcast.getByLabel('Tytuł').fill(title);
    await broadcast.getByRole('button', { name: 'Nadaj miks na żywo' }).click();
    await expect(broadcast.getByRole('status')).toHaveText('Twój miks jest na żywo', { timeout: 15_000 });

    type Listed = { live: { title: string; id: string }[] };
    let live: Listed['live'][number] | undefined;
    await expect
      .poll(async () => {
        live = ((await (await request.get('/api/v1/stream/list')).json()) as Listed).live.find((s) => s.title === title);
        return live !== undefined;
      }, { timeout: 15_000 })
      .toBe(true);
    // The mix is the stream's sound: a segment decoded by ffmpeg is far from silence.
    const playlist = await (await request.get(`/api/v1/live/${live!.id}/index.m3u8`)).text();
    const segment = /seg-\d+\.ts/.exec(playlist)![0];
    const bytes = await (await request.get(`/api/v1/live/${live!.id}/${segment}`)).body();
    const meanDb = await meanVolume(bytes);
    expect(meanDb).toBeGreaterThan(-45);

    await broadcast.getByRole('button', { name: 'Zakończ transmisję' }).click();
    await expect(broadcast.getByRole('button', { name: 'Nadaj miks na żywo' })).toBeVisible({ timeout: 10_000 });
    await expect.poll(async () => ((await (await request.get(`/api/v1/stream/${live!.id}`)).json()) as { status: string }).status).toBe('ended');
  });
});

/** The mean volume (dBFS) of an MPEG-TS segment's audio, from ffmpeg's volumedetect. */
function meanVolume(segment: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn('ffmpeg', ['-hide_banner', '-i', 'pipe:0', '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let log = '';
    ffmpeg.stderr.on('data', (d: Buffer) => (log += d.toString()));
    ffmpeg.once('exit', () => {
      const mean = /mean_volume: (-?[\d.]+) dB/.exec(log);
      if (mean) resolve(Number(mean[1]));
      else reject(new Error(`no volume in:\n${log}`));
    });
    ffmpeg.stdin.end(segment);
  });
}
