import type { Page } from '@playwright/test';
import { query } from '../support/database';
import { createConfirmedAccount, newAccount, signInOnAuthPage, toast } from '../support/accounts';
import { e2eAccessTokenTtlSeconds } from '../support/e2e-config';
import { expect, httpError, test } from '../support/fixtures';
import { latestMailTo, linkIn } from '../support/mail';

/** The header's user menu trigger is named after the user (their display name, here the username). */
function userMenuTrigger(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name });
}

test.describe('accounts on /auth', () => {
  test('register, confirm through the mailed link (signed in), see the email in the menu, log out', async ({ page }) => {
    const account = newAccount('rejestracja');
    await page.goto('/auth');
    await expect(page).toHaveTitle('Logowanie i rejestracja — GrouaRock');
    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    const form = page.getByRole('form', { name: 'Rejestracja' });
    await form.getByLabel('Nazwa użytkownika').fill(account.username);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Hasło', { exact: true }).fill(account.password);
    await form.getByLabel('Potwierdź hasło').fill(account.password);
    await form.getByRole('button', { name: 'Utwórz konto' }).click();
    await expect(toast(page, 'Konto zostało utworzone! Sprawdź email aby aktywować konto.')).toBeVisible();
    // Back on the sign-in tab with the address filled in.
    await expect(page.getByRole('form', { name: 'Logowanie' }).getByLabel('Email')).toHaveValue(account.email);

    const mail = await latestMailTo(account.email);
    expect(mail.subject).toBe('Potwierdź swój email w GrouaRock');
    // The home page's live section loads after the first paint and asks for the user's own stream: logging out while
    // that request is on its way would have it answered 401, which is not what this test is about.
    const ownStream = page.waitForResponse((response) => response.url().endsWith('/api/v1/stream/current'));
    await page.goto(linkIn(mail, '/api/v1/auth/verify?token='));

    await expect(page).toHaveURL(/\/$/);
    expect((await ownStream).status()).toBe(200);
    const trigger = userMenuTrigger(page, account.username);
    await expect(trigger).toBeVisible();
    await trigger.click();
    const menu = page.getByRole('menu', { name: 'Menu konta' });
    await expect(menu).toContainText('Zalogowany jako');
    await expect(menu).toContainText(account.email);
    await expect(menu.getByRole('menuitem', { name: 'Profil' })).toHaveAttribute('href', '/profile');

    await menu.getByRole('menuitem', { name: 'Wyloguj się' }).click();
    await expect(toast(page, 'Wylogowano pomyślnie')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  });

  test('a common password: the form says why as it is typed, and the server refuses it with the same reason', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(httpError(400, '/auth/signup'));
    const estimator: string[] = [];
    page.on('request', (request) => {
      if (/password-estimator/.test(request.url())) estimator.push(request.url());
    });
    const account = newAccount('haslo');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    // The dictionaries are a chunk of their own, fetched only once a password is typed.
    expect(estimator).toEqual([]);
    const form = page.getByRole('form', { name: 'Rejestracja' });
    await form.getByLabel('Nazwa użytkownika').fill(account.username);
    await form.getByLabel('Email').fill(account.email);
    const password = form.getByLabel('Hasło', { exact: true });
    await password.fill('password1');
    const strength = form.getByTestId('password-strength');
    await expect(strength).toContainText('To jest często używane hasło.');
    await expect(strength.getByRole('meter', { name: 'Siła hasła' })).toHaveAttribute('aria-valuetext', 'Bardzo słabe');
    await expect(password).toHaveAccessibleDescription(/Tego hasła nie przyjmiemy/);
    expect(estimator).toHaveLength(1);

    await form.getByLabel('Potwierdź hasło').fill('password1');
    await form.getByRole('button', { name: 'Utwórz konto' }).click();
    await expect(toast(page, 'To hasło jest jednym z najczęściej używanych lub wyciekło: wybierz inne.')).toBeVisible();

    await password.fill(account.password);
    await expect(strength).toContainText('To hasło jest trudne do odgadnięcia.');
  });

  test('every /auth validation is a toast and makes no call', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      // The passkey autofill's options are asked for as the page opens (it offers the site's passkeys in the email field).
      if (request.method() === 'POST' && request.url().includes('/api/v1/auth/') && !request.url().endsWith('/api/v1/auth/passkeys/authentication')) calls.push(request.url());
    });
    await page.goto('/auth');

    const login = page.getByRole('form', { name: 'Logowanie' });
    await login.getByLabel('Email').fill('fan@example.com');
    await login.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(toast(page, 'Wypełnij wszystkie pola')).toBeVisible();

    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    const register = page.getByRole('form', { name: 'Rejestracja' });
    await register.getByLabel('Email').fill('fan@example.com');
    await register.getByLabel('Hasło', { exact: true }).fill('riff-raff');
    await register.getByRole('button', { name: 'Utwórz konto' }).click();
    await expect(toast(page, 'Wypełnij wszystkie wymagane pola')).toBeVisible();

    await register.getByLabel('Nazwa użytkownika').fill('punkrocker');
    await register.getByLabel('Potwierdź hasło').fill('riff-raf');
    await register.getByRole('button', { name: 'Utwórz konto' }).click();
    await expect(toast(page, 'Hasła nie są identyczne')).toBeVisible();

    await register.getByLabel('Hasło', { exact: true }).fill('riff');
    await register.getByLabel('Potwierdź hasło').fill('riff');
    await register.getByRole('button', { name: 'Utwórz konto' }).click();
    await expect(toast(page, 'Hasło musi mieć co najmniej 6 znaków')).toBeVisible();

    expect(calls).toEqual([]);
  });

  test('a wrong password is refused with its toast; the right one signs in and a reload keeps the session', async ({
    page,
    request,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(httpError(400, '/auth/token'));
    const account = await createConfirmedAccount(request, 'logowanie');
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Hasło', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(toast(page, 'Nieprawidłowy email lub hasło')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signInOnAuthPage(page, account);
    await expect(userMenuTrigger(page, account.username)).toBeVisible();
    // Signed in, /auth sends you home (replacing the history entry).
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);

    await page.reload();
    await expect(userMenuTrigger(page, account.username)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('grouarock.session'))).toBe('active');
  });

  test('forgotten password: the mailed link opens "set a new password", which signs in', async ({ page, request }) => {
    const account = await createConfirmedAccount(request, 'haslo');
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Logowanie' });
    await login.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
    const forgot = page.getByRole('form', { name: 'Odzyskiwanie hasła' });
    await expect(forgot.getByLabel('Email')).toHaveValue(account.email);
    await forgot.getByRole('button', { name: 'Wyślij link' }).click();
    await expect(forgot.getByRole('status')).toHaveText(
      'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do ustawienia nowego hasła.',
    );

    const mail = await latestMailTo(account.email, { count: 2 });
    expect(mail.subject).toBe('Ustaw nowe hasło w GrouaRock');
    await page.goto(linkIn(mail, '/auth?recovery_token='));
    const reset = page.getByRole('form', { name: 'Ustaw nowe hasło' });
    await reset.getByLabel('Nowe hasło', { exact: true }).fill('brand-new-riff');
    await reset.getByLabel('Powtórz nowe hasło').fill('brand-new-riff');
    await reset.getByRole('button', { name: 'Zapisz nowe hasło' }).click();

    await expect(toast(page, 'Hasło zostało zmienione. Jesteś zalogowany.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuTrigger(page, account.username)).toBeVisible();
  });

  test('the server redirects with ?error= land on /auth with a clear toast', async ({ page }) => {
    await page.goto('/auth?error=link_invalid');
    await expect(toast(page, /Link aktywacyjny jest nieprawidłowy lub wygasł/)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/auth?error=oauth');
    await expect(toast(page, 'Wystąpił błąd podczas logowania przez OAuth')).toBeVisible();
  });

  test('/auth sets the login title and meta tags and restores the defaults on leaving', async ({ page }) => {
    // Came from, and going back to, a page that sets no tags of its own (every real screen sets some).
    await page.goto('/nie-ma-takiej-strony');
    await page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' }).click();
    await expect(page).toHaveTitle('Logowanie i rejestracja — GrouaRock');
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute('content', /Zaloguj się do GrouaRock/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /logowanie/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Logowanie i rejestracja — GrouaRock');
    await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute('content', /Zaloguj się do GrouaRock/);

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('GrouaRock — radio online, koncerty na żywo i społeczność rocka');
    await expect(description).toHaveAttribute('content', /radio online, koncerty na żywo/);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(0);
  });
});

test.describe('the session', () => {
  test('after the access token expires, the next API call still succeeds through a refresh', async ({
    page,
    request,
    allowedConsoleErrors,
  }) => {
    test.setTimeout(60_000);
    // /profile reads the user, the account's plan, its API keys, its playlists and its security (what protects it, passkeys,
    // sessions, the log) at once: all meet the expired token before the refresh.
    allowedConsoleErrors.push(
      httpError(401, '/auth/user'),
      httpError(401, '/me/entitlements'),
      httpError(401, '/developer/keys'),
      httpError(401, '/developer/usage'),
      httpError(401, '/user/playlists'),
      httpError(401, '/auth/security'),
      httpError(401, '/auth/passkeys'),
      httpError(401, '/auth/sessions'),
      httpError(401, '/auth/security-log'),
    );
    const account = await createConfirmedAccount(request, 'wygasanie');
    // Own the page's clock, so the 30 s auto-refresh tick cannot renew the token before it expires.
    await page.clock.install();
    await signInOnAuthPage(page, account);
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 500);
    // Real time, because the server judges expiry by its own clock.
    await page.waitForTimeout((e2eAccessTokenTtlSeconds + 1) * 1000);
    await page.clock.resume();

    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/user') && r.status() === 401);
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/v1/auth/token?grant_type=refresh_token'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/user') && r.status() === 200);
    await userMenuTrigger(page, account.username).click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();

    await refused;
    expect((await refreshed).status()).toBe(200);
    await answered;
    await expect(page.getByRole('heading', { name: 'Twój profil' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(account.email);
  });

  test('/profile sends a signed-out visitor to /auth', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('the auth dialog', () => {
  // Mounted where the product needs it today: a guest (anonymous session, as liking a station creates) who
  // already has an account signs in from /profile through the dialog.
  test('keeps its values after a wrong password and closes once signed in', async ({ page, request, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(httpError(400, '/auth/token'));
    const account = await createConfirmedAccount(request, 'dialog');
    await page.goto('/auth');
    const anonymous = await page.request.post('/api/v1/auth/anonymous');
    expect(anonymous.status()).toBe(201);
    await page.evaluate(() => localStorage.setItem('grouarock.session', 'active'));

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Załóż pełne konto' })).toBeVisible();
    await expect(userMenuTrigger(page, 'Gość')).toBeVisible();
    await page.getByRole('button', { name: 'Zaloguj się na swoje konto' }).click();

    const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Hasło', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();

    await expect(dialog.getByRole('alert')).toHaveText('Nieprawidłowy email lub hasło');
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
    await expect(dialog.getByLabel('Hasło', { exact: true })).toHaveValue('not-the-password');

    await dialog.getByLabel('Hasło', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Witaj w GrouaRock!')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Pełne konto');
    await expect(userMenuTrigger(page, account.username)).toBeVisible();
  });
});

test.describe('a guest', () => {
  test('becomes a full account, keeping the same user, after confirming the mailed link', async ({ page }) => {
    const account = newAccount('gosc');
    await page.goto('/auth');
    const anonymous = await page.request.post('/api/v1/auth/anonymous');
    const guestId = ((await anonymous.json()) as { user: { id: string } }).user.id;
    await page.evaluate(() => localStorage.setItem('grouarock.session', 'active'));

    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Konto', exact: true })).toContainText('Gość');
    const upgrade = page.getByRole('region', { name: 'Załóż pełne konto' });
    await upgrade.getByLabel('Email').fill(account.email);
    await upgrade.getByLabel('Hasło', { exact: true }).fill(account.password);
    await upgrade.getByLabel('Potwierdź hasło').fill(account.password);
    await upgrade.getByRole('button', { name: 'Załóż konto' }).click();
    await expect(upgrade.getByRole('status')).toContainText(`Sprawdź skrzynkę ${account.email}`);

    await page.goto(linkIn(await latestMailTo(account.email), '/api/v1/auth/verify?token='));
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    const details = page.getByRole('region', { name: 'Konto', exact: true });
    await expect(details).toContainText('Pełne konto');
    await expect(details).toContainText(account.email);
    await expect(details).toContainText('Potwierdzony');
    expect(await query('SELECT id, is_anonymous FROM users WHERE email = $1', [account.email])).toEqual([
      { id: guestId, is_anonymous: false },
    ]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the drawer shows the signed-in email and logs out', async ({ page, request }) => {
    const account = await createConfirmedAccount(request, 'mobile');
    await signInOnAuthPage(page, account);
    await page.getByRole('banner').getByRole('button', { name: 'Otwórz menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toContainText('Zalogowany jako');
    await expect(drawer).toContainText(account.email);
    await drawer.getByRole('button', { name: 'Wyloguj się' }).click();
    await expect(toast(page, 'Wylogowano pomyślnie')).toBeVisible();
    await expect(drawer).toBeHidden();

    await page.getByRole('banner').getByRole('button', { name: 'Otwórz menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  });
});
