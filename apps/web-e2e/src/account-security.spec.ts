import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { create } from 'qrcode';
import { createConfirmedAccount, signInOnAuthPage, toast, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** Violations the page saw (`securitypolicyviolation`, Trusted Types' included), kept on window (as content-security-policy.spec.ts does). */
const VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.effectiveDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ' (' + e.sample + ')'));
`;
const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** A platform authenticator with user verification, answering every WebAuthn prompt of the page by itself. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', ctap2Version: 'ctap2_1', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Browsers the other sessions say they are, so the devices list tells them apart. */
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Another browser (its own cookies and storage), signed in to `account`: another session of it. */
async function signedInElsewhere(browser: Browser, account: Account, userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pl-PL', ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await signInOnAuthPage(page, account);
  return { context, page };
}

/**
 * The other browser's session has ended: its next refresh is refused (401) and the app signs it out, so /profile
 * sends it to /auth.
 */
async function expectSignedOut(page: Page): Promise<void> {
  const refresh = page.waitForResponse((response) => response.url().includes('/api/v1/auth/token?grant_type=refresh_token'));
  await page.goto('/profile');
  expect((await refresh).status()).toBe(401);
  await expect(page).toHaveURL(/\/auth$/);
}

/** The security log's sentences, newest first. */
async function logLines(page: Page): Promise<string[]> {
  const log = page.getByRole('region', { name: 'Dziennik bezpieczeństwa' }).getByRole('list', { name: 'Zdarzenia' });
  await expect(log).toBeVisible();
  return (await log.getByRole('listitem').evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''))) as string[];
}

test.describe('account security in /profile', () => {
  test.beforeEach(async ({ page }) => page.addInitScript(VIOLATIONS));

  test('a passkey is added, listed and renamed in /profile, then signs in on /auth', async ({ page, request }) => {
    test.setTimeout(90_000);
    const account = await createConfirmedAccount(request, 'klucz');
    await signInOnAuthPage(page, account);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto('/profile');

    const passkeys = page.getByRole('region', { name: 'Klucze dostępu' });
    await expect(passkeys.getByText('Nie masz jeszcze żadnego klucza dostępu.')).toBeVisible();
    await passkeys.getByLabel('Nazwa nowego klucza (opcjonalnie)').fill('Laptop E2E');
    await passkeys.getByRole('button', { name: 'Dodaj klucz dostępu' }).click();
    await expect(toast(page, 'Dodano klucz dostępu „Laptop E2E”')).toBeVisible();
    const list = passkeys.getByRole('list', { name: 'Twoje klucze dostępu' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Laptop E2E');
    await expect(list).toContainText('jeszcze nieużyty');
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

    await passkeys.getByRole('button', { name: 'Zmień nazwę klucza Laptop E2E' }).click();
    const name = passkeys.getByLabel('Nazwa klucza');
    await expect(name).toBeFocused();
    await name.fill('Laptop testowy');
    await name.press('Enter');
    await expect(toast(page, 'Zmieniono nazwę klucza na „Laptop testowy”')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Laptop testowy');
    expect(await violationsOf(page)).toEqual([]);

    // Signing this device out from the devices list is signing out: /profile sends the visitor to /auth.
    await page.getByRole('region', { name: 'Zalogowane urządzenia' }).getByRole('button', { name: 'Wyloguj to urządzenie' }).click();
    await expect(toast(page, 'Wylogowano pomyślnie')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // /auth offers the site's passkeys in the email field's autofill (conditional mediation); the virtual authenticator
    // answers that request at once with the one passkey it holds, so the passkey signs in without a click, and /auth
    // sends the signed-in visitor home. The log below says it was this passkey.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: account.username })).toBeVisible();
    await page.goto('/profile');
    await expect(list).toContainText('ostatnio użyty');
    expect((await logLines(page)).slice(0, 2)).toEqual(['Zalogowano kluczem dostępu „Laptop testowy”', 'Dodano klucz dostępu „Laptop E2E”']);
    expect(await violationsOf(page)).toEqual([]);
  });

  test('the authenticator app is turned on from the secret shown; other sessions end, ten recovery codes are shown', async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const account = await createConfirmedAccount(request, 'aplikacja');
    const elsewhere = await signedInElsewhere(browser, account);
    try {
      await signInOnAuthPage(page, account);
      await page.goto('/profile');
      const app = page.getByRole('region', { name: 'Aplikacja uwierzytelniająca' });
      await expect(app.getByText('Wyłączona')).toBeVisible();
      const enrolment = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/factors/totp') && response.request().method() === 'POST');
      await app.getByRole('button', { name: 'Włącz' }).click();

      const setup = app.getByRole('group', { name: 'Włączanie aplikacji uwierzytelniającej' });
      await expect(setup).toBeFocused();
      // The QR code drawn is the one of the URI the server gave: one rect for the white, one per run of dark modules.
      const { uri } = (await (await enrolment).json()) as { uri: string };
      const { modules } = create(uri, { errorCorrectionLevel: 'M' });
      const qr = setup.getByRole('img', { name: 'Kod QR do zeskanowania aplikacją uwierzytelniającą' });
      await expect(qr).toHaveAttribute('viewBox', `0 0 ${modules.size + 8} ${modules.size + 8}`);
      const drawn = await qr.locator('rect').evaluateAll((rects) => rects.slice(1).reduce((sum, rect) => sum + Number(rect.getAttribute('width')), 0));
      expect(drawn).toBe([...modules.data].filter(Boolean).length);

      // Read the secret as a person typing it into an app would, in its groups of four.
      const shown = (await setup.locator('code').textContent()) ?? '';
      expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const code = new TOTP({ secret: Secret.fromBase32(shown.replace(/ /g, '')) }).generate();
      await setup.getByLabel('Kod z aplikacji', { exact: true }).fill(code);
      await setup.getByRole('button', { name: 'Potwierdź i włącz' }).click();

      const codes = app.getByRole('region', { name: 'Twoje kody odzyskiwania' });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await expect(codes.getByRole('listitem').first()).toHaveText(/^[a-z0-9]{6}-[a-z0-9]{6}-[a-z0-9]{6}-[a-z0-9]{6}$/);
      await expect(codes.getByRole('status')).toContainText('Wylogowaliśmy Cię na wszystkich innych urządzeniach');
      await expect(codes).toBeFocused();
      await codes.getByRole('button', { name: 'Mam je zapisane' }).click();
      await expect(app.getByText('Włączona')).toBeVisible();
      await expect(app.getByText('Zostało Ci 10 kodów odzyskiwania.')).toBeVisible();

      // This session goes on (at aal2), the other one is over.
      const devices = page.getByRole('region', { name: 'Zalogowane urządzenia' }).getByRole('list', { name: 'Twoje sesje' });
      await expect(devices.getByRole('listitem')).toHaveCount(1);
      await expect(devices).toContainText('Z kodem z aplikacji');
      await expectSignedOut(elsewhere.page);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Aplikacja uwierzytelniająca' }).getByText('Włączona')).toBeVisible();

      expect((await logLines(page)).slice(0, 1)).toEqual(['Włączono aplikację uwierzytelniającą']);
      expect(await logLines(page)).toEqual(expect.arrayContaining(['Zalogowano hasłem']));
      expect(await violationsOf(page)).toEqual([]);
    } finally {
      await elsewhere.context.close();
    }
  });

  test('the devices list shows every session; one is ended from another, then “everywhere else” ends the rest', async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const account = await createConfirmedAccount(request, 'sesje');
    const second = await signedInElsewhere(browser, account, SAFARI_ON_IPHONE);
    const third = await signedInElsewhere(browser, account, FIREFOX_ON_LINUX);
    try {
      await signInOnAuthPage(page, account);
      await page.goto('/profile');
      const panel = page.getByRole('region', { name: 'Zalogowane urządzenia' });
      const sessions = panel.getByRole('list', { name: 'Twoje sesje' }).getByRole('listitem');
      // Three browsers, and the session the confirmation link opened (createConfirmedAccount follows it outside them).
      await expect(sessions).toHaveCount(4);
      await expect(sessions.first()).toContainText(/^Chrome \d+ na Windows 10 To urządzenieKomputer · /);
      await expect(sessions.first()).toContainText('ostatnio aktywna teraz');
      await expect(sessions.filter({ hasText: 'To urządzenie' })).toHaveCount(1);
      await expect(sessions.filter({ hasText: /^Safari 18 na iOS 18/ })).toContainText('Telefon · ');
      await expect(sessions.filter({ hasText: /^Firefox 133 na Linux/ })).toContainText('Komputer · ');

      // End the iPhone's session from here: its next refresh is refused, and it is signed out; Firefox's goes on.
      await sessions.filter({ hasText: /^Safari/ }).getByRole('button', { name: /^Wyloguj sesję: Safari 18 na iOS 18/ }).click();
      await expect(toast(page, /^Wylogowano sesję: Safari 18 na iOS 18/)).toBeVisible();
      await expect(sessions).toHaveCount(3);
      await expect(sessions.filter({ hasText: /^Safari/ })).toHaveCount(0);
      await expectSignedOut(second.page);
      await third.page.goto('/profile');
      await expect(third.page.getByRole('heading', { name: 'Twój profil' })).toBeVisible();

      // An Android phone signs in; "everywhere else" ends every other: Firefox, the phone and the confirmation link's.
      const fourth = await signedInElsewhere(browser, account, CHROME_ON_ANDROID);
      try {
        await page.reload();
        await expect(sessions).toHaveCount(4);
        await expect(sessions.filter({ hasText: /^Chrome 131 na Android 14/ })).toContainText('Telefon · ');
        await panel.getByRole('button', { name: 'Wyloguj wszędzie indziej' }).click();
        await expect(toast(page, 'Wylogowano 3 inne sesje')).toBeVisible();
        await expect(sessions).toHaveCount(1);
        await expect(panel.getByText('Jesteś zalogowany tylko na tym urządzeniu.')).toBeVisible();
        await expectSignedOut(third.page);
        await expectSignedOut(fourth.page);
      } finally {
        await fourth.context.close();
      }

      // The log tells the story, newest first.
      await page.reload();
      const lines = await logLines(page);
      expect(lines).toEqual([
        'Wylogowano wszędzie indziej (3 sesje)',
        'Zalogowano hasłem', // the Android phone
        'Wylogowano jedno z urządzeń',
        'Zalogowano hasłem', // this browser
        'Zalogowano hasłem', // Firefox
        'Zalogowano hasłem', // the iPhone
        'Zalogowano linkiem z maila',
      ]);
      expect(await violationsOf(page)).toEqual([]);
    } finally {
      await second.context.close();
      await third.context.close();
    }
  });
});
