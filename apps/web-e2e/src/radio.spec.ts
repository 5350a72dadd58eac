import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { e2eStations } from '../support/e2e-config';
import { expect, test } from '../support/fixtures';
import { setStationTitle } from '../support/icecast-control';
import { closeSignInInvitation, playerPeak, playerStatus } from '../support/radio-player';

const [rock, punk, jazz] = e2eStations;

/** /radio with the catalogue loaded; a signed-out visitor's login dialog (after 3 s) is waited for and closed. */
async function openRadio(page: Page, { signedOut = true }: { signedOut?: boolean } = {}) {
  await page.goto('/radio');
  await expect(page.getByRole('heading', { level: 1, name: 'Radio Online' })).toBeVisible();
  // The catalogue the server serves, counted (not the spec's fixed "50+").
  await expect(page.getByText(`Stacje radiowe dostępne 24/7 (w katalogu: ${e2eStations.length})`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Słuchaj: ${rock.name}` })).toBeVisible();
  if (signedOut) {
    await closeSignInInvitation(page);
  }
}


async function playStation(page: Page, name: string) {
  await page.getByRole('button', { name: `Słuchaj: ${name}` }).click();
  await expect(playerStatus(page)).toHaveText('LIVE', { timeout: 15_000 });
}

test.describe('/radio', () => {
  test('shows the header, the library by country, the TOP badge and the filters', async ({ page }) => {
    await openRadio(page);
    const nav = page.getByRole('navigation', { name: 'Nawigacja radia' });
    await expect(nav.getByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/subscription');
    await expect(nav.getByRole('link', { name: 'Wsparcie' })).toHaveAttribute('href', '/support');
    await expect(nav.getByRole('link', { name: 'Strona główna' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();

    const library = page.getByRole('complementary', { name: 'Biblioteka stacji' });
    await expect(library.getByRole('heading', { name: 'Ulubione stacje' })).toBeVisible();
    await expect(library.getByRole('heading', { name: /🇵🇱/ })).toBeVisible();
    await expect(library.getByRole('button', { name: jazz.name })).toBeVisible();

    const grid = page.getByTestId('station-grid');
    await expect(grid.getByRole('listitem')).toHaveCount(e2eStations.length);
    await expect(page.getByRole('button', { name: `Słuchaj: ${rock.name}` }).getByText('TOP')).toBeVisible();
    await expect(page.getByRole('button', { name: `Słuchaj: ${punk.name}` }).getByText('TOP')).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Szukaj stacji' }).fill('punk');
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Szukaj stacji' }).fill('nic takiego');
    await expect(page.getByText('Brak stacji pasujących do filtrów.')).toBeVisible();
    await page.getByRole('button', { name: 'Wyczyść filtry' }).click();
    await page.getByRole('combobox', { name: 'Gatunek' }).selectOption({ label: 'Jazz' });
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(grid.getByRole('button', { name: `Słuchaj: ${jazz.name}` })).toBeVisible();

    await expect(page.getByText('Spacja: odtwarzaj / pauza')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top stacji tygodnia' })).toBeVisible();
  });

  test('plays a real signal; switching station changes the stream and the now-playing', async ({ page }) => {
    await openRadio(page);
    const streams: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/v1\/radio\/([^/]+)\/stream/.exec(request.url());
      if (match) streams.push(match[1]);
    });
    await playStation(page, rock.name);
    await expect.poll(() => playerPeak(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
    await expect(page.getByTestId('now-playing-hero').getByRole('heading', { name: rock.name })).toBeVisible();

    await playStation(page, jazz.name);
    const hero = page.getByTestId('now-playing-hero');
    await expect(hero.getByRole('heading', { name: jazz.name })).toBeVisible();
    await expect(hero.getByText('Audycja: Jazz nocą')).toBeVisible();
    await expect.poll(() => playerPeak(page), { timeout: 10_000 }).toBeGreaterThan(0.05);
    expect(streams).toContain(rock.id);
    expect(streams).toContain(jazz.id);

    // Space pauses, M mutes, the arrows move the volume.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('slider', { name: 'Głośność' })).toHaveValue('65');
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: 'Włącz dźwięk' })).toBeVisible();
    await page.keyboard.press(' ');
    await expect(playerStatus(page)).toHaveText('OFFLINE');
  });

  test('a title set on the station appears in the hero within 3 s, without a reload', async ({ page }) => {
    await openRadio(page);
    await playStation(page, punk.name);
    const song = `Zespół ${Date.now()} - Piosenka testowa`;
    await setStationTitle(punk.mount, song);
    await expect(page.getByTestId('now-playing-track')).toContainText('Piosenka testowa', { timeout: 3000 });
  });

  test('like and unlike; a signed-out like signs in anonymously and fills the favourites', async ({ page }) => {
    await openRadio(page);
    await page.getByRole('button', { name: `Słuchaj: ${jazz.name}` }).click();
    const like = page.getByTestId('like-button');
    const count = page.getByTestId('like-count');
    await expect(like).toBeEnabled();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = Number(await count.textContent());
    const favourites = page.getByRole('region', { name: 'Ulubione stacje' });

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText(String(before + 1));
    await expect(favourites.getByRole('button', { name: jazz.name })).toBeVisible();
    // The anonymous session exists: the page's own "Zaloguj się" is gone and the session flag is kept.
    await expect(page.getByRole('navigation', { name: 'Nawigacja radia' }).getByRole('button', { name: 'Zaloguj się' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('grouarock.session'))).toBeTruthy();

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(count).toHaveText(String(before));
    await expect(favourites.getByRole('button', { name: jazz.name })).toHaveCount(0);
  });

  test('records 5 s into a named .webm that decodes to about 5 s', async ({ page }) => {
    test.setTimeout(45_000);
    await openRadio(page);
    await playStation(page, rock.name);
    await page.getByRole('button', { name: 'Nagrywaj' }).click();
    await expect(page.getByTestId('recording-elapsed')).toBeVisible();
    await page.waitForTimeout(5200);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Zatrzymaj nagrywanie' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^E2E_Rock-\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.webm$/);
    const bytes = await readFile(await download.path());
    const duration = await page.evaluate(async (base64) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const context = new AudioContext();
      const buffer = await context.decodeAudioData(data.buffer);
      await context.close();
      return buffer.duration;
    }, bytes.toString('base64'));
    expect(duration).toBeGreaterThan(4.3);
    expect(duration).toBeLessThan(6.5);
    await expect(page.getByTestId('recordings').getByRole('link')).toHaveCount(1);
  });

  test('a reload during a recording offers to recover it', async ({ page }) => {
    await openRadio(page);
    await playStation(page, rock.name);
    await page.getByRole('button', { name: 'Nagrywaj' }).click();
    await page.waitForTimeout(2500);
    await page.reload();
    const recovery = page.getByTestId('recording-recovery');
    await expect(recovery).toContainText('Niedokończone nagranie');
    await expect(recovery).toContainText(rock.name);
    await expect(page.getByRole('dialog', { name: 'Zaloguj się' })).toBeVisible({ timeout: 6000 });
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), recovery.getByRole('button', { name: 'Odzyskaj nagranie' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^E2E_Rock-.*\.webm$/);
    await expect(recovery).toBeHidden();
  });

  test('the sleep timer counts down m:ss, can be cancelled and pauses the radio at zero', async ({ page }) => {
    await page.clock.install();
    await openRadio(page);
    await playStation(page, rock.name);
    await page.getByRole('button', { name: '30 min' }).click();
    await expect(page.getByTestId('sleep-countdown')).toHaveText(/Wyłączenie za (30:00|29:5\d)/);
    await page.getByRole('button', { name: 'Anuluj wyłącznik' }).click();
    await expect(page.getByTestId('sleep-countdown')).toBeHidden();

    await expect(page.getByRole('button', { name: '1 h' })).toBeVisible();
    await page.getByRole('button', { name: '15 min' }).click();
    await expect(page.getByTestId('sleep-countdown')).toHaveText(/Wyłączenie za (15:00|14:5\d)/);
    await page.clock.fastForward('14:00');
    await expect(page.getByTestId('sleep-countdown')).toHaveText(/Wyłączenie za (1:00|0:5\d)/);
    for (let i = 0; i < 8; i++) await page.clock.fastForward(10_000);
    await expect(playerStatus(page)).toHaveText('OFFLINE');
    await expect(page.getByTestId('sleep-countdown')).toBeHidden();
  });

  test('Auto Budzik starts the radio at the set time', async ({ page }) => {
    const now = new Date();
    now.setHours(6, 59, 0, 0);
    await page.clock.install({ time: now });
    await openRadio(page);
    await page.getByRole('button', { name: 'Ustawienia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ustawienia' });
    await expect(dialog.getByLabel('Godzina budzika')).toHaveValue('07:00');
    for (const name of ['Tryb Treningu', 'Tryb Koncentracji', 'Energy Boost', 'Auto Budzik']) {
      await expect(dialog.getByRole('switch', { name })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Bieganie' }).click();
    await expect(dialog.getByRole('button', { name: 'Bieganie' })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('switch', { name: 'Auto Budzik' }).click();
    await expect(dialog.getByText(`Budzik włączy ${rock.name} o 07:00`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(playerStatus(page)).toHaveText('OFFLINE');
    // Jump to just past 07:00 and no further (later jumps would also fire the stream's start timeout).
    const pageNow = await page.evaluate(() => Date.now());
    const seven = new Date(pageNow);
    seven.setHours(7, 0, 1, 0);
    await page.clock.fastForward(seven.getTime() - pageNow);
    await expect(playerStatus(page)).toHaveText('LIVE', { timeout: 15_000 });
  });

  test('axe finds no serious violation', async ({ page }) => {
    await openRadio(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('/radio at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('no library panel, a 2-column grid and a usable player bar', async ({ page }) => {
    await openRadio(page);
    await expect(page.getByTestId('library-panel')).toBeHidden();
    const columns = await page.getByTestId('station-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const bar = page.getByTestId('player-bar');
    const box = await bar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375 && box.y + box.height <= 740).toBeTruthy();
    await page.getByTestId('play-button').click();
    await expect(playerStatus(page)).toHaveText('LIVE', { timeout: 15_000 });
    await expect(page.getByRole('slider', { name: 'Głośność' })).toBeInViewport();
    await expect(page.getByTestId('like-button')).toBeInViewport();
  });
});
