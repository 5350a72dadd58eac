import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eStations } from '../support/e2e-config';
import { expect, seriousAxeViolations, test } from '../support/fixtures';

/** The main site the promo popup sends visitors to (apps/web/src/lib/external-links.ts), answered locally. */
const mainSite = /^https:\/\/grouarock\.com\//;

async function interceptMainSite(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(mainSite, async (route) => {
    visited.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>GrouaRock main site</title><h1>Main</h1>' });
  });
  return visited;
}

/** The 7 legendary concerts of the #streaming section, in their order (apps/web/src/features/home/featured-concerts.ts). */
const concertArtists = ['Nirvana', 'Queen', 'The Clash', 'Ramones', 'Sex Pistols', 'Green Day', 'Rage Against the Machine'];

function featuredConcerts(page: Page) {
  return page.locator('#streaming').getByRole('list', { name: 'Legendarne koncerty' }).getByRole('listitem');
}

test.describe('the home page', () => {
  test("says how many stations the server's catalogue (its STATIONS_FILE) has: in the prerendered page, once hydrated, and rendered in the browser", async ({ page }) => {
    // The e2e server's STATIONS_FILE (support/global-setup.ts), far from the built-in catalogue's size.
    const count = String(e2eStations.length);
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain('__GROUAROCK_STATION_COUNT__');
    expect(html).toContain(`Stacje rockowe i punkowe z całego świata (w katalogu: ${count}), dostępne 24/7.`);
    expect(html).toMatch(new RegExp(`<meta name="description" content="[^"]*\\(stacje w katalogu: ${count}\\)`));

    const tile = () => page.getByRole('list', { name: 'GrouaRock w liczbach' }).getByRole('listitem').filter({ hasText: 'Stacje radiowe' });
    await page.goto('/');
    await expect(page.locator('main h1')).toHaveText('GrouaRock');
    await expect(tile()).toHaveText(`${count}Stacje radiowe`);
    await expect(page.locator('#radio').getByText(`Stacje rockowe i punkowe z całego świata (w katalogu: ${count}), na żywo 24/7.`)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`\\(stacje w katalogu: ${count}\\)`));

    // A page that was not prerendered comes as the app's shell: the home page then counts the catalogue itself.
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
    await expect(tile()).toHaveText(`${count}Stacje radiowe`);
  });

  test('the radio section plays a featured station in place, through the same player as /radio', async ({ page }) => {
    const streams: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/v1\/radio\/([^/]+)\/stream/.exec(request.url());
      if (match) streams.push(match[1]);
    });
    await page.goto('/');
    const section = page.locator('#radio');
    await section.scrollIntoViewIfNeeded();
    // The e2e catalogue features one station (support/e2e-config.ts).
    const featured = section.getByRole('list', { name: 'Polecane stacje' });
    await expect(featured.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByTestId('player-bar')).toHaveCount(0);

    await featured.getByRole('button', { name: 'Słuchaj: E2E Rock' }).click();
    const bar = section.getByTestId('player-bar');
    await expect(bar.getByTestId('player-status')).toHaveText('LIVE', { timeout: 15_000 });
    await expect
      .poll(async () => Number(await bar.getByTestId('level-meter').getAttribute('data-peak')), { timeout: 10_000 })
      .toBeGreaterThan(0.05);
    expect(streams).toContain('e2e-rock');
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the hero, the stats, the 8 features and the page title', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'GrouaRock' })).toBeVisible();
    await expect(page.getByText('Startujemy w 2025 r. z misją zjednoczenia rockowej społeczności')).toBeVisible();
    const highlights = page.getByRole('list', { name: 'Co znajdziesz w GrouaRock' });
    for (const label of ['Społeczność', 'Radio online', 'Transmisje na żywo', 'Asystent AI']) {
      await expect(highlights.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Dołącz teraz' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Społeczność', exact: true })).toBeVisible();

    const stats = page.getByRole('list', { name: 'GrouaRock w liczbach' });
    for (const text of ['Profesjonalnych muzyków', String(e2eStations.length), 'Stacje radiowe', '24/7', '∞', 'Możliwości']) {
      await expect(stats.getByText(text, { exact: true })).toBeVisible();
    }

    const features = page.getByRole('region', { name: 'Wszystko dla rockowej społeczności' });
    await expect(features.getByRole('listitem')).toHaveCount(8);
    await expect(features.getByRole('link', { name: 'Radio online' })).toHaveAttribute('href', '/radio');
    await expect(features.getByRole('link', { name: 'Wydarzenia muzyczne' })).toHaveAttribute('href', '/events');
    await expect(features.getByRole('link', { name: 'Asystent AI' })).toHaveAttribute('href', '/ai-studio');
    await expect(features.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    await expect(features.getByRole('link', { name: 'Transmisje na żywo' })).toHaveAttribute('href', '/#streaming');
    for (const name of [/^Społeczność muzyków/, /^Czaty/, /^Kręgi/]) {
      const link = features.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', 'https://community.grouarock.com');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(page.locator('#streaming')).toBeAttached();
    await expect(page.locator('#radio')).toBeAttached();

    await expect(page).toHaveTitle('GrouaRock — platforma dla fanów rocka i punka');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /radio online \(stacje w katalogu: \d+\)/);
  });

  test('the promo popup counts down 10 s and then goes to the main site', async ({ page }) => {
    const visited = await interceptMainSite(page);
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Dołącz teraz' }).click();
    const dialog = page.getByRole('dialog', { name: 'DARMOWY OKRES PRÓBNY' });
    await expect(dialog).toContainText('30 DNI ZA FREE');
    await expect(dialog).toContainText('Przekierowanie za 10 s');

    // The installed clock also moves with real time (the page needs it to render), and a loaded machine can spend a
    // second between two steps: so the count is read with that slack here (promo-countdown.spec.ts times it exactly).
    await page.clock.runFor(6_000);
    await expect(dialog).toContainText(/Przekierowanie za [1-4] s/);
    expect(page.url()).not.toMatch(mainSite);

    await page.clock.runFor(4_000);
    await expect(page).toHaveURL(mainSite);
    await expect(page).toHaveTitle('GrouaRock main site');
    expect(visited).toEqual(['https://grouarock.com/']);
  });

  test('a click on the popup goes to the main site at once', async ({ page }) => {
    await interceptMainSite(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Społeczność', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'SPOŁECZNOŚĆ GROUAROCK' });
    await expect(dialog).toContainText('30 DNI FREE');
    await dialog.getByRole('button', { name: /Kliknij, aby przejść od razu/ }).click();
    await expect(page).toHaveURL(mainSite);
  });

  test('Escape closes the popup without leaving, and focus returns to the button', async ({ page }) => {
    const visited = await interceptMainSite(page);
    await page.clock.install();
    await page.goto('/');
    const join = page.getByRole('button', { name: 'Dołącz teraz' });
    await join.click();
    await expect(page.getByRole('dialog', { name: 'DARMOWY OKRES PRÓBNY' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // Focus goes back on a zero-delay timer, which the installed clock runs only when time moves on.
    await page.clock.runFor(15_000);
    await expect(join).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    expect(visited).toEqual([]);
  });

  test('counts the visit once per browser session and shows the days since the start', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/visitors')) posts.push(r.postData() ?? '');
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Licznik odwiedzin' });
    await expect(banner).toContainText(/Jesteś \d+\. odwiedzającym GrouaRock!/);
    await expect(banner).toContainText(/\d+ (dzień|dni) od startu GrouaRock/);
    const text = await banner.textContent();

    await page.reload();
    await expect(banner).toContainText(/Jesteś \d+\. odwiedzającym GrouaRock!/);
    expect(await banner.textContent()).toBe(text);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0])).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  test('congratulates the 1000th visitor', async ({ page }) => {
    await page.route('**/api/v1/visitors', (route) =>
      route.fulfill({ json: { count: 1000, winner: true, winnerAt: '2026-01-01T12:00:00.000Z' } }),
    );
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Gratulacje!' })).toContainText('Jesteś 1000. odwiedzającym GrouaRock');
  });

  test('axe finds no serious violation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Licznik odwiedzin' })).toContainText('odwiedzającym');
    expect(await seriousAxeViolations(new AxeBuilder({ page }))).toEqual([]);
  });

  test('#streaming lists the 7 legendary concerts, the first one large, each a YouTube search in a new tab', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // YouTube answered locally: no test reaches the internet.
    const searches: string[] = [];
    await page.context().route(/^https:\/\/www\.youtube\.com\//, async (route) => {
      searches.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>YouTube search</title>' });
    });
    await page.goto('/');
    await expect(page.locator('#streaming').getByRole('heading', { level: 3, name: 'Legendarne koncerty' })).toBeVisible();
    const items = featuredConcerts(page);
    await expect(items).toHaveCount(7);
    await items.first().scrollIntoViewIfNeeded();

    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => items.nth(i).boundingBox()));
    expect(first && second && third).toBeTruthy();
    if (!first || !second || !third) return;
    expect(first.width).toBeGreaterThan(second.width * 2);
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(Math.round(third.y)).toBe(Math.round(second.y));
    await expect(items.first()).toContainText('Reading Festival, Reading');
    await expect(items.first().locator('time')).toHaveText('30 sierpnia 1992');

    for (const [i, artist] of concertArtists.entries()) {
      const link = items.nth(i).getByRole('link', { name: new RegExp(`^${artist} .+\\(otwiera się w nowej karcie\\)$`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await expect(tab).toHaveTitle('YouTube search');
      const url = new URL(tab.url());
      expect(`${url.origin}${url.pathname}`).toBe('https://www.youtube.com/results');
      expect(url.searchParams.get('search_query')).toContain(artist);
      await tab.close();
    }
    expect(searches).toHaveLength(7);
    expect(page.url()).toMatch(/\/$/);
  });

  test('the mobile bottom bar is not shown on desktop', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Szybka nawigacja' })).toBeHidden();
  });
});

test.describe('the home page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a floating bottom bar leads to Radio, Live, the community and Studio AI', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Szybka nawigacja' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Radio' })).toHaveAttribute('href', '/radio');
    await expect(bar.getByRole('link', { name: 'Live' })).toHaveAttribute('href', '/#streaming');
    await expect(bar.getByRole('link', { name: 'Studio AI' })).toHaveAttribute('href', '/ai-studio');
    const community = bar.getByRole('link', { name: /^Społeczność/ });
    await expect(community).toHaveAttribute('href', 'https://community.grouarock.com');
    await expect(community).toHaveAttribute('target', '_blank');
    await expect(community).toHaveAttribute('rel', /noopener/);

    // It floats: at the bottom of the viewport, and still there after scrolling.
    const bottomOf = async () => ((b) => b && Math.round(b.y + b.height))(await bar.boundingBox());
    expect(await bottomOf()).toBeGreaterThan(700);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await bottomOf()).toBeGreaterThan(700);

    await bar.getByRole('link', { name: 'Live' }).click();
    await expect(page).toHaveURL(/\/#streaming$/);
    await expect(page.getByRole('heading', { name: 'Transmisje na żywo', level: 2 })).toBeInViewport();
  });

  test('footer sections collapse behind disclosure buttons', async ({ page }) => {
    await page.goto('/');
    // The sections above load after the first paint and grow the page; the footer is clicked once they are in.
    await expect(featuredConcerts(page)).toHaveCount(7);
    await expect(page.getByRole('region', { name: 'Na żywo teraz' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    const help = footer.getByRole('button', { name: 'Pomoc' });
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await expect(footer.getByRole('link', { name: /^Wsparcie/ })).toBeHidden();
    await help.click();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(footer.getByRole('link', { name: /^Wsparcie/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /^Polityka prywatności/ })).toBeHidden();
    await help.click();
    await expect(footer.getByRole('link', { name: /^Wsparcie/ })).toBeHidden();
    await expect(footer).toContainText('© 2024 GrouaRock');
  });

  test('the legendary concerts stand in one column, and axe finds no serious violation in #streaming', async ({ page }) => {
    await page.goto('/');
    const items = featuredConcerts(page);
    await expect(items).toHaveCount(7);
    const boxes = await Promise.all(concertArtists.map((_, i) => items.nth(i).boundingBox()));
    const list = await page.locator('#streaming').getByRole('list', { name: 'Legendarne koncerty' }).boundingBox();
    expect(list).toBeTruthy();
    for (const [i, box] of boxes.entries()) {
      expect(box).toBeTruthy();
      if (!box || !list) return;
      expect(Math.round(box.x)).toBe(Math.round(list.x));
      expect(Math.round(box.width)).toBe(Math.round(list.width));
      const previous = boxes[i - 1];
      if (previous) expect(box.y).toBeGreaterThanOrEqual(previous.y + previous.height);
    }
    expect(list && list.x + list.width).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(new AxeBuilder({ page }).include('#streaming'))).toEqual([]);
  });

  test('axe finds no serious violation at 375 px', async ({ page }) => {
    await page.goto('/');
    expect(await seriousAxeViolations(new AxeBuilder({ page }))).toEqual([]);
  });
});

test.describe('the footer on desktop', () => {
  test('shows every section open, with headings and no disclosure buttons', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Pomoc' })).toBeVisible();
    await expect(footer.getByRole('button')).toHaveCount(0);
    await expect(footer.getByRole('link', { name: /^Wsparcie/ })).toBeVisible();
  });
});
