import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { query } from '../support/database';
import { e2eEvents, e2eTicketUrl } from '../support/e2e-config';
import { expect, seriousAxeViolations, test } from '../support/fixtures';

/** The ticket seller of the test events, answered here: nothing reaches the internet. */
const sellerSite = 'https://tickets.example.test/**';
const broken = e2eEvents[1];

async function interceptSeller(page: Page): Promise<void> {
  await page.context().route(sellerSite, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="pl"><title>Bilety (test)</title><h1>Bilety</h1></html>' }),
  );
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Nadchodzące wydarzenia' });
const slides = (page: Page) => carousel(page).locator('[data-slide]');

/** The titles of the cards in view (the others are inert). */
async function shownTitles(page: Page): Promise<string[]> {
  return slides(page).locator(':scope:not([inert]) h3').allTextContents();
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('the events page', () => {
  // The broken image is part of the page on purpose: Chromium logs its failed request.
  test.use({ allowedConsoleErrors: [/missing-event-image\.jpg/] });

  test('sets its title and description and shows the 6 events in a carousel that loops', async ({ page }) => {
    await page.goto('/events');
    await expect(page).toHaveTitle('Wydarzenia muzyczne — koncerty i festiwale | GrouaRock');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Nadchodzące koncerty, festiwale i tribute/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wydarzenia muzyczne' })).toBeVisible();

    await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'karuzela');
    await expect(slides(page)).toHaveCount(6);
    await expect(slides(page).first()).toHaveAttribute('aria-label', '1 z 6');
    // Soonest first, three per view on a desktop.
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Fest', 'E2E Broken Image', 'E2E Tribute']);

    const fest = card(page, 'E2E Fest');
    await expect(fest.getByText('Festiwal', { exact: true })).toBeVisible();
    await expect(fest.getByText('E2E Fest Band')).toBeVisible();
    await expect(fest.getByText('Hala Testowa E2E, Testowo')).toBeVisible();
    await expect(fest.getByText(/149,99\s*zł/)).toBeVisible();
    await expect(card(page, 'E2E Tribute').getByText('Wstęp wolny')).toBeVisible();

    const next = page.getByRole('button', { name: 'Następne wydarzenie' });
    await next.click();
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Concert', 'E2E Open Air', 'E2E Night']);
    await expect(card(page, 'E2E Night')).toBeInViewport();
    await next.click();
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Fest', 'E2E Broken Image', 'E2E Tribute']);
    await page.getByRole('button', { name: 'Poprzednie wydarzenie' }).click();
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Concert', 'E2E Open Air', 'E2E Night']);
    await expect(page.getByRole('button', { name: 'Pokaż wydarzenia 4–6 z 6' })).toHaveAttribute('aria-current', 'true');
  });

  test('a ticket link opens the seller in a new tab with ref and event, and the click lands in the database', async ({ page }) => {
    await interceptSeller(page);
    const since = new Date();
    const event = e2eEvents[0];
    await page.goto('/events');
    const link = card(page, event.title).getByRole('link', { name: /^Kup bilet na wydarzenie E2E Fest/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const popupOpened = page.waitForEvent('popup');
    await link.click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    const opened = new URL(popup.url());
    expect(`${opened.origin}${opened.pathname}`).toBe(e2eTicketUrl(event.id).split('?')[0]);
    expect(opened.search).toBe(`?lang=pl&ref=grouarock&event=${event.id}`);
    await expect(popup).toHaveTitle('Bilety (test)');

    type Click = { ticket_url: string; referrer: string; click_timestamp: Date; user_id: string | null };
    const clicks = () =>
      query<Click>('SELECT ticket_url, referrer, click_timestamp, user_id FROM affiliate_clicks WHERE event_id = $1 AND created_at >= $2', [event.id, since]);
    await expect.poll(async () => (await clicks()).length).toBe(1);
    const [row] = await clicks();
    expect(row.ticket_url).toBe(popup.url());
    expect(row.referrer).toBe(new URL('/events', page.url()).href);
    expect(Math.abs(row.click_timestamp.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row.user_id).toBeNull();
    // The page itself stays where it was.
    await expect(page).toHaveURL(/\/events$/);
  });

  test('a broken event image falls back to the default image shipped with the app', async ({ page }) => {
    await page.goto('/events');
    const image = card(page, broken.title).getByRole('img', { name: `Grafika wydarzenia ${broken.title}` });
    await expect(image).toHaveAttribute('data-fallback', 'true');
    await expect(image).toHaveAttribute('src', /^\/assets\/event-fallback-[\w-]+\.svg$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // A working image is left alone.
    const fine = card(page, 'E2E Fest').getByRole('img');
    await expect(fine).toHaveAttribute('src', '/favicon.svg');
    await expect.poll(() => fine.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(fine).not.toHaveAttribute('data-fallback');
  });

  test('axe finds no serious violation', async ({ page }) => {
    await page.goto('/events');
    await expect.poll(() => shownTitles(page)).toHaveLength(3);
    expect(await seriousAxeViolations(new AxeBuilder({ page }))).toEqual([]);
  });
});

/** Gives the page a moment of real time to render what a timer changed, before checking that nothing did. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(300);
}

/**
 * /events with the page's clock stopped, so only runFor() moves the autoplay on. React reveals a lazily loaded
 * screen on a timer, so the stopped clock is moved on in steps of 100 ms until the carousel is there: its autoplay
 * then started at most 100 ms of page time ago.
 */
async function openWithPausedClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  // Not waiting for React to take the prerendered page over: with the clock stopped that waits for the steps below.
  await page.goto('/events', { waitUntil: 'commit' });
  for (let step = 0; step < 200 && !(await carousel(page).isVisible()); step++) await page.clock.runFor(100);
  await expect(carousel(page)).toBeVisible();
}

test.describe('the events page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, allowedConsoleErrors: [/missing-event-image\.jpg/] });

  test('one card per view, turning by itself every 4000 ms until the first interaction', async ({ page }) => {
    await openWithPausedClock(page);
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Fest']);

    const track = slides(page).first().locator('..');
    await expect(track).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(3_850);
    await settle(page);
    expect(await shownTitles(page)).toEqual(['E2E Fest']);
    await page.clock.runFor(150);
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Broken Image']);
    await page.clock.runFor(4_000);
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Tribute']);

    // Any interaction stops it for good: here a tap on the next button, which turns once by itself.
    await page.getByRole('button', { name: 'Następne wydarzenie' }).click();
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Concert']);
    await expect(track).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(20_000);
    await settle(page);
    expect(await shownTitles(page)).toEqual(['E2E Concert']);
  });

  test('autoplay loops from the last event back to the first', async ({ page }) => {
    await openWithPausedClock(page);
    await expect.poll(() => shownTitles(page)).toEqual(['E2E Fest']);
    await page.clock.runFor(50);
    for (const title of ['E2E Broken Image', 'E2E Tribute', 'E2E Concert', 'E2E Open Air', 'E2E Night', 'E2E Fest']) {
      await page.clock.runFor(4_000);
      await expect.poll(() => shownTitles(page)).toEqual([title]);
    }
  });

  test('axe finds no serious violation at 375 px', async ({ page }) => {
    await page.goto('/events');
    await expect.poll(() => shownTitles(page)).toHaveLength(1);
    expect(await seriousAxeViolations(new AxeBuilder({ page }))).toEqual([]);
  });
});
