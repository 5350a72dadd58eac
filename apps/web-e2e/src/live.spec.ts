import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createConfirmedAccount, signInOnAuthPage, toast } from '../support/accounts';
import { expect, httpError, seriousAxeViolations, test } from '../support/fixtures';

interface LiveAlerts {
  notifications: { title: string; body: string }[];
  notes: number[];
}

/**
 * An init script: records the browser notifications the page shows and the notes of the chime it plays
 * (live-alert.ts), in `window.liveAlerts`. Debian's headless shell answers Notification.permission "denied" whatever
 * the context grants (its Permissions API says "granted"), so the page gets a granted Notification that records
 * instead of one the shell would refuse; the chime goes through the real oscillators.
 */
function recordLiveAlerts(): void {
  const alerts: LiveAlerts = { notifications: [], notes: [] };
  Object.assign(window, { liveAlerts: alerts });
  class RecordedNotification extends EventTarget {
    static readonly permission: NotificationPermission = 'granted';
    static requestPermission = () => Promise.resolve<NotificationPermission>('granted');
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      super();
      alerts.notifications.push({ title, body: options?.body ?? '' });
    }
    close(): void {}
  }
  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: RecordedNotification });
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    const oscillator = createOscillator.call(this);
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when?: number) => {
      alerts.notes.push(oscillator.frequency.value);
      start(when);
    };
    return oscillator;
  };
}

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 800 };

const liveAlerts = (page: Page) => page.evaluate(() => (window as unknown as { liveAlerts: LiveAlerts }).liveAlerts);

// The suite's Chromium has a fake camera and microphone (a test pattern and a beep), allowed without asking
// (playwright.config.ts).
test.describe('live streams on the home page', () => {
  test('a musician goes live from the browser; a visitor sees it appear, is notified, watches it and sees it end', async ({ page, browser, request, allowedConsoleErrors }) => {
    // Six axe scans on top of going live and watching: about 45 s alone, 65 s beside another heavy test on 2 cores.
    test.setTimeout(120_000);
    // The test outlives the e2e server's 10 s access tokens: a call made with an expired one is answered 401, and the
    // client refreshes the token and calls again (going live sends its WHIP offer that way, whip-client.ts).
    allowedConsoleErrors.push(httpError(401, '/stream/current'), httpError(401, '/stream/whip'), /status of 401\b.*\/api\/v1\/stream\/[0-9a-f-]+\/stop\)$/);
    const musician = await createConfirmedAccount(request, 'streamer');
    const title = `Próba ${musician.username}`;

    const visitorContext = await browser.newContext({ locale: 'pl-PL', viewport: desktop });
    await visitorContext.grantPermissions(['notifications']);
    await visitorContext.addInitScript(recordLiveAlerts);
    const visitor = await visitorContext.newPage();
    const visitorErrors: string[] = [];
    visitor.on('pageerror', (e) => visitorErrors.push(e.message));
    await visitor.goto('/#streaming');
    const liveNow = visitor.getByRole('region', { name: 'Na żywo teraz' });
    await expect(liveNow).toBeVisible();

    await signInOnAuthPage(page, musician);
    await page.goto('/#streaming');
    const start = page.getByRole('button', { name: 'Rozpocznij stream' });
    // The spec's check: title and genre are required.
    await start.click();
    await expect(toast(page, 'Wypełnij wszystkie wymagane pola')).toBeVisible();
    await page.getByLabel('Tytuł').fill(title);
    await page.getByRole('combobox', { name: 'Gatunek' }).selectOption({ label: 'Metal' });
    await start.click();
    await expect(toast(page, 'Stream rozpoczęty...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stream Aktywny' })).toBeDisabled();
    const mine = page.getByRole('region', { name: 'Twój stream' });
    await expect(mine.getByText(/^rtmp:\/\/localhost:\d+\/live$/)).toBeVisible();
    // The owner's panel with the key shown once, then live with the camera's preview: axe on both.
    await expect(mine.getByText('Skopiuj klucz teraz: pokazujemy go tylko raz.')).toBeVisible();
    expect(await seriousAxeViolations(new AxeBuilder({ page }).include('#streaming'))).toEqual([]);
    await mine.getByRole('button', { name: 'Nadaj z kamery' }).click();
    await expect(mine.getByRole('status')).toHaveText('Nadajesz na żywo', { timeout: 15_000 });
    await expect(mine.getByLabel('Podgląd z kamery')).toBeVisible();
    expect(await seriousAxeViolations(new AxeBuilder({ page }).include('#streaming'))).toEqual([]);

    // The visitor's list gets it without a reload, with a notification in the list, from the browser and a chime.
    const message = `${musician.username} nadaje na żywo: ${title}`;
    const card = liveNow.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible({ timeout: 5000 });
    await expect(card.getByText('NA ŻYWO')).toBeVisible();
    const notification = visitor.getByRole('button', { name: message });
    await expect(notification).toBeVisible();
    // Other tests' streams (mixer.spec.ts) may alert the visitor too: ours is among them, with its two-note chime.
    await expect.poll(async () => (await liveAlerts(visitor)).notifications).toContainEqual({ title: 'NA ŻYWO', body: message });
    await expect.poll(async () => (await liveAlerts(visitor)).notes.join(' ')).toContain('880 1320');
    // axe with the live card and the notification list on screen, on desktop and on a phone (the same page resized:
    // cheaper than a second visitor waiting for the stream).
    expect(await seriousAxeViolations(new AxeBuilder({ page: visitor }).include('#streaming'))).toEqual([]);
    await visitor.setViewportSize(phone);
    await expect(card).toBeVisible();
    expect(await seriousAxeViolations(new AxeBuilder({ page: visitor }).include('#streaming'))).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The visitor opens the stream from the notification, with the keyboard, still on the phone.
    await notification.focus();
    await visitor.keyboard.press('Enter');
    const dialog = visitor.getByRole('dialog', { name: title });
    const video = dialog.getByLabel(`Obraz transmisji: ${title}`);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
    const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 }).toBeGreaterThan(at + 0.5);
    // axe on the watch dialog on the phone, where it must fit the screen's width, then on desktop.
    expect(await seriousAxeViolations(new AxeBuilder({ page: visitor }).include('[role="dialog"]'))).toEqual([]);
    expect(await dialog.evaluate((d) => d.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await visitor.setViewportSize(desktop);
    expect(await seriousAxeViolations(new AxeBuilder({ page: visitor }).include('[role="dialog"]'))).toEqual([]);

    await mine.getByRole('button', { name: 'Zakończ stream' }).click();
    await expect(dialog.getByText('Transmisja zakończona')).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole('button', { name: 'Rozpocznij stream' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Zamknij' }).click();
    const replays = visitor.getByRole('region', { name: 'Powtórki' });
    await expect(replays.getByRole('listitem').filter({ hasText: title }).getByText('POWTÓRKA')).toBeVisible();
    expect(visitorErrors).toEqual([]);
    await visitorContext.close();
  });

  test('a visitor who starts a stream is asked to sign in', async ({ page }) => {
    await page.goto('/#streaming');
    await page.getByLabel('Tytuł').fill('Bez konta');
    await page.getByRole('button', { name: 'Rozpocznij stream' }).click();
    await expect(page.getByRole('dialog', { name: 'Zaloguj się' })).toBeVisible();
    // Behind the modal dialog the toasts are hidden from the accessibility tree, but shown.
    await expect(page.getByRole('region', { name: /^Powiadomienia/, includeHidden: true }).getByText('Musisz być zalogowany aby rozpocząć stream')).toBeVisible();
  });

  test('the home page’s radio and live sections share one realtime socket', async ({ page }) => {
    const sockets: string[] = [];
    const subscribed: string[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/v1/realtime')) return;
      sockets.push(socket.url());
      socket.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { action?: string; channel?: string };
        if (frame.action === 'subscribe' && frame.channel) subscribed.push(frame.channel);
      });
    });
    await page.goto('/');
    await page.locator('#radio').scrollIntoViewIfNeeded();
    await expect(page.locator('#radio').getByRole('list', { name: 'Polecane stacje' }).getByRole('listitem')).toHaveCount(1);
    await page.locator('#streaming').scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Na żywo teraz' })).toBeVisible();
    // The e2e catalogue features one station (support/e2e-config.ts): its channel, and the live section's.
    await expect.poll(() => [...subscribed].sort()).toEqual(['global.events', 'station.e2e-rock']);
    expect(sockets).toHaveLength(1);
  });

  test('axe finds no serious violation in the section, on desktop and on a phone', async ({ page }) => {
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      await page.goto('/#streaming');
      await expect(page.getByRole('region', { name: 'Na żywo teraz' })).toBeVisible();
      expect(await seriousAxeViolations(new AxeBuilder({ page }).include('#streaming'))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});
