import type { APIRequestContext, Page } from '@playwright/test';
import { createConfirmedAccount, signInOnAuthPage, toast, type Account } from '../support/accounts';
import { query } from '../support/database';
import { e2eStations } from '../support/e2e-config';
import { expect, test } from '../support/fixtures';

const [rock, punk, jazz, metal] = e2eStations;

/** An operator's grant of a plan (what `npm run plans -- grant` writes). */
async function grant(account: Account, plan: 'premium' | 'ultra'): Promise<void> {
  await query(`INSERT INTO plan_grants (user_id, plan) SELECT id, $2 FROM users WHERE email = $1`, [account.email, plan]);
}

/** A session token of the account, for calls the test makes itself. */
async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function openRadio(page: Page) {
  await page.goto('/radio');
  await expect(page.getByRole('heading', { level: 1, name: 'Radio Online' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Playlisty' })).toBeVisible({ timeout: 15_000 });
}

const status = (page: Page) => page.getByTestId('player-status');
const playerStation = (page: Page) => page.getByTestId('player-bar');

async function playStation(page: Page, name: string) {
  await page.getByRole('button', { name: `Słuchaj: ${name}` }).click();
  await expect(status(page)).toHaveText('LIVE', { timeout: 15_000 });
}

async function addPlayingStation(page: Page, station: string, playlist: string) {
  await page.getByRole('button', { name: `Dodaj stację ${station} do playlisty` }).click();
  await page.getByRole('menuitem', { name: new RegExp(playlist) }).click();
  await expect(toast(page, `Dodano do „${playlist}”`)).toBeVisible();
}

test.describe('playlists', () => {
  test('Premium makes a playlist on /radio, fills, re-orders, renames, shares and plays it with the player’s next', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const account = await createConfirmedAccount(request, 'lists');
    await grant(account, 'premium');
    await signInOnAuthPage(page, account);
    await openRadio(page);
    const panel = page.getByTestId('playlists-panel');
    await expect(panel.getByText(/Nie masz jeszcze playlist/)).toBeVisible();
    await panel.getByRole('textbox', { name: 'Nazwa nowej playlisty' }).fill('Na drogę');
    await panel.getByRole('button', { name: 'Utwórz playlistę' }).click();
    await expect(toast(page, 'Utworzono playlistę „Na drogę”')).toBeVisible();
    await expect(panel.getByText('0 / 50 stacji')).toBeVisible();

    await playStation(page, rock.name);
    await addPlayingStation(page, rock.name, 'Na drogę');
    await playStation(page, punk.name);
    await addPlayingStation(page, punk.name, 'Na drogę');
    await expect(panel.getByText('2 / 50 stacji')).toBeVisible();

    await panel.getByRole('button', { name: 'Edytuj: Na drogę' }).click();
    const items = panel.getByRole('list', { name: 'Pozycje playlisty' });
    await expect(items.getByRole('listitem')).toHaveText([`Stacja: ${rock.name}`, `Stacja: ${punk.name}`].map((text) => new RegExp(text)));
    // Re-ordered from the keyboard: the down button of the first entry, focused and pressed with Enter.
    await items.getByRole('button', { name: `Przesuń niżej: ${rock.name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(items.getByRole('listitem')).toHaveText([`Stacja: ${punk.name}`, `Stacja: ${rock.name}`].map((text) => new RegExp(text)));

    await panel.getByRole('textbox', { name: 'Nazwa', exact: true }).fill('W trasę');
    await panel.getByRole('button', { name: 'Zmień nazwę' }).click();
    await expect(toast(page, 'Zapisano playlistę')).toBeVisible();
    await expect(panel.getByText('W trasę', { exact: true })).toBeVisible();

    await panel.getByRole('switch', { name: /Publiczna/ }).click();
    const link = panel.getByText(/\/playlists\/[0-9a-f-]{36}$/);
    await expect(link).toBeVisible();
    const shared = (await link.textContent()) ?? '';

    // The public link opens signed out, with the entries in their order and a play button.
    const visitor = await browser.newContext();
    try {
      const other = await visitor.newPage();
      await other.goto(shared);
      await expect(other.getByRole('heading', { level: 1, name: 'W trasę' })).toBeVisible();
      await expect(other.getByTestId('playlist-items').getByRole('listitem')).toHaveText([`Stacja: ${punk.name}`, `Stacja: ${rock.name}`]);
      await other.getByRole('link', { name: 'Odtwarzaj playlistę' }).click();
      await expect(other).toHaveURL(/\/radio$/);
      await expect(other.getByTestId('player-status')).toHaveText('LIVE', { timeout: 15_000 });
      await expect(other.getByTestId('player-bar')).toContainText(punk.name);
    } finally {
      await visitor.close();
    }

    // Playing it starts at its first station; the player's "next" goes to its second, and on round to the first.
    await playStation(page, jazz.name);
    await panel.getByRole('button', { name: 'Odtwarzaj: W trasę' }).click();
    await expect(playerStation(page)).toContainText(punk.name);
    await expect(status(page)).toHaveText('LIVE', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Następna stacja' }).click();
    await expect(playerStation(page)).toContainText(rock.name);
    await expect(status(page)).toHaveText('LIVE', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Następna stacja' }).click();
    await expect(playerStation(page)).toContainText(punk.name);
  });

  test('a Basic playlist holds 5 stations: it says so, with the way to more; "Dla Ciebie" is a teaser', async ({ page, request }) => {
    const account = await createConfirmedAccount(request, 'basic');
    const token = await tokenOf(request, account);
    // The e2e catalogue has four stations; a station may be in a playlist twice, which makes the fifth.
    const items = [rock, punk, jazz, metal, rock].map(({ id }) => ({ type: 'station', id }));
    const created = await request.post('/api/v1/user/playlists', { headers: { authorization: `Bearer ${token}` }, data: { name: 'Pełna', items } });
    expect(created.status()).toBe(201);
    const refused = await request.post('/api/v1/user/playlists', { headers: { authorization: `Bearer ${token}` }, data: { name: 'Za duża', items: [...items, { type: 'station', id: punk.id }] } });
    expect(refused.status()).toBe(403);

    await signInOnAuthPage(page, account);
    await openRadio(page);
    const panel = page.getByTestId('playlists-panel');
    await expect(panel.getByText('5 / 5 stacji')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Więcej stacji w Premium i Ultra' })).toHaveAttribute('href', '/subscription');

    const forYou = page.getByTestId('for-you');
    await expect(forYou.getByRole('heading', { name: 'Dla Ciebie' })).toBeVisible();
    await expect(forYou.getByText(/Rekomendacje dobrane do Twoich polubień i playlist są w planach Premium i Ultra/)).toBeVisible();
    await expect(forYou.getByRole('link', { name: 'Przejdź na Premium' })).toHaveAttribute('href', '/subscription');
  });

  test('"Dla Ciebie" recommends to Premium from its likes, playable on the station that plays it', async ({ page, request }) => {
    const account = await createConfirmedAccount(request, 'foryou');
    await grant(account, 'premium');
    const token = await tokenOf(request, account);
    // What the relays heard (recorded as they record it): the rock station plays a seed artist, which the punk station
    // plays too, along with another artist: that one's track is what someone who likes the rock station is offered.
    const tag = `${Date.now().toString(36)}${process.pid}`;
    const seed = `Seed ${tag}`;
    const other = `Other ${tag}`;
    for (const [station, artist, title] of [[rock.id, seed, 'Pierwszy'], [punk.id, seed, 'Drugi'], [punk.id, other, 'Polecany']]) {
      const [track] = await query<{ id: string }>(
        `INSERT INTO tracks (key, artist, artist_key, title, play_count) VALUES ($1, $2, $3, $4, 1) RETURNING id`,
        [`${artist} - ${title}`.toLowerCase(), artist, artist.toLowerCase(), title],
      );
      await query(`INSERT INTO track_plays (track_id, station_id) VALUES ($1, $2)`, [track.id, station]);
    }
    expect((await request.put(`/api/v1/radio/${rock.id}/like`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

    await signInOnAuthPage(page, account);
    await openRadio(page);
    const forYou = page.getByTestId('for-you');
    await expect(forYou.getByText(`${other} — Polecany`)).toBeVisible();
    await expect(forYou.getByRole('link', { name: 'Przejdź na Premium' })).toHaveCount(0);
    await forYou.getByRole('button', { name: `Słuchaj na ${punk.name}` }).click();
    await expect(status(page)).toHaveText('LIVE', { timeout: 15_000 });
    await expect(playerStation(page)).toContainText(punk.name);
  });
});
