import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { createConfirmedAccount, signInOnAuthPage, toast, type Account } from '../support/accounts';
import { query } from '../support/database';
import { expect, httpError, test } from '../support/fixtures';

// Issue 39, the sign-in side: the second step of a sign-in with the authenticator app on, passkeys on /auth (the button
// and the email field's suggestions), and confirming it is you in place when a change needs a recent sign-in. All of it
// under the Content-Security-Policy without a single violation.

/** Violations the page saw (`securitypolicyviolation`, Trusted Types' too), kept on window (as content-security-policy.spec.ts). */
const VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.effectiveDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ' (' + e.sample + ')'));
`;
const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** An access token of a fresh password sign-in of `account`, made over the API (no cookie reaches the browser). */
async function apiSignIn(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Turns the authenticator app on over the API; returns its secret and the ten recovery codes. */
async function enableAuthenticatorApp(request: APIRequestContext, account: Account): Promise<{ totp: TOTP; recoveryCodes: string[] }> {
  const headers = { Authorization: `Bearer ${await apiSignIn(request, account)}` };
  const started = await request.post('/api/v1/auth/factors/totp', { headers });
  expect(started.status(), await started.text()).toBe(201);
  const totp = new TOTP({ secret: Secret.fromBase32(((await started.json()) as { secret: string }).secret) });
  const verified = await request.post('/api/v1/auth/factors/totp/verify', { headers, data: { code: totp.generate() } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { recovery_codes: recoveryCodes } = (await verified.json()) as { recovery_codes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  return { totp, recoveryCodes };
}

/**
 * A code of the app newer than any it has accepted: the server takes each 30-second step once (a replay is refused),
 * and one step either side of now, so the next step's code is always new and still valid.
 */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

/** Password sign-in on /auth up to the second step. */
async function signInUpToSecondStep(page: Page, account: Account) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Hasło', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  const step = page.getByRole('form', { name: 'Weryfikacja dwuetapowa' });
  await expect(step).toBeVisible();
  return step;
}

/**
 * The home page's read of the signed-in user's own stream, awaited before signing out (as support/accounts.ts'
 * signInOnAuthPage does), so that the sign-out does not race it and the read meets an ended session.
 */
const ownStreamRead = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/v1/stream/current'));

async function signOutThroughMenu(page: Page, account: Account) {
  await page.getByRole('banner').getByRole('button', { name: account.username }).click();
  await page.getByRole('menu', { name: 'Menu konta' }).getByRole('menuitem', { name: 'Wyloguj się' }).click();
  await expect(toast(page, 'Wylogowano pomyślnie')).toBeVisible();
}

/** A virtual authenticator of this page's browser (a platform one, with user verification), as a phone's or a laptop's. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', ctap2Version: 'ctap2_1', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/**
 * Registers a passkey of `account` with the page's virtual authenticator: the API's registration options, the browser's
 * own navigator.credentials.create() (the web app's passkey settings are another screen), then POST /auth/passkeys.
 */
async function registerPasskey(page: Page, request: APIRequestContext, account: Account): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiSignIn(request, account)}` };
  const ceremony = await request.post('/api/v1/auth/passkeys/registration', { headers });
  expect(ceremony.status(), await ceremony.text()).toBe(200);
  const { challenge_id: challengeId, options } = (await ceremony.json()) as { challenge_id: string; options: Record<string, unknown> };
  const credential = await page.evaluate(async (json) => {
    const bytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const text = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    // PublicKeyCredentialCreationOptionsJSON: the binary members as base64url text.
    type OptionsJSON = Omit<PublicKeyCredentialCreationOptions, 'challenge' | 'user' | 'excludeCredentials'> & {
      challenge: string;
      user: Omit<PublicKeyCredentialUserEntity, 'id'> & { id: string };
      excludeCredentials?: (Omit<PublicKeyCredentialDescriptor, 'id'> & { id: string })[];
    };
    const publicKey = json as unknown as OptionsJSON;
    const created = (await navigator.credentials.create({
      publicKey: {
        ...publicKey,
        challenge: bytes(publicKey.challenge),
        user: { ...publicKey.user, id: bytes(publicKey.user.id) },
        excludeCredentials: (publicKey.excludeCredentials ?? []).map((c) => ({ ...c, id: bytes(c.id) })),
      },
    })) as PublicKeyCredential;
    const response = created.response as AuthenticatorAttestationResponse;
    return {
      id: created.id,
      rawId: text(created.rawId),
      type: created.type,
      response: { clientDataJSON: text(response.clientDataJSON), attestationObject: text(response.attestationObject), transports: response.getTransports() },
      clientExtensionResults: created.getClientExtensionResults(),
      authenticatorAttachment: created.authenticatorAttachment ?? undefined,
    };
  }, options);
  const added = await request.post('/api/v1/auth/passkeys', { headers, data: { challenge_id: challengeId, credential, name: 'Laptop testowy' } });
  expect(added.status(), await added.text()).toBe(201);
}

/** How many sign-ins of the account the security log has as made with a passkey. */
async function passkeySignIns(account: Account): Promise<number> {
  const events = await query<{ method: string }>(
    `SELECT e.detail->>'method' AS method FROM security_events e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.type = 'signed_in'`,
    [account.email],
  );
  return events.filter((event) => event.method === 'passkey').length;
}

test.describe('signing in with the authenticator app on, and with passkeys', () => {
  test.beforeEach(async ({ page }) => page.addInitScript(VIOLATIONS));

  test('password, then the app code: signed in; the same code is refused later; a recovery code works once', async ({ page, request, allowedConsoleErrors }) => {
    test.setTimeout(90_000);
    allowedConsoleErrors.push(httpError(403, '/auth/token'), httpError(400, '/auth/token'));
    const account = await createConfirmedAccount(request, 'dwuetapowo');
    const { totp, recoveryCodes } = await enableAuthenticatorApp(request, account);

    // Password, then the code: six digits sign in at once.
    let step = await signInUpToSecondStep(page, account);
    const code = step.getByLabel('Kod z aplikacji');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const used = nextCode(totp);
    let home = ownStreamRead(page);
    await code.fill(used);
    await expect(toast(page, 'Witaj w GrouaRock!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await violationsOf(page)).toEqual([]);
    expect((await home).status()).toBe(200);
    await signOutThroughMenu(page, account);

    // The same code again, in a second sign-in: refused (each is taken once).
    step = await signInUpToSecondStep(page, account);
    await step.getByLabel('Kod z aplikacji').fill(used);
    await expect(step.getByRole('alert')).toHaveText(/użyty/);
    await expect(step.getByLabel('Kod z aplikacji')).toBeFocused();
    await expect(step.getByLabel('Kod z aplikacji')).toHaveValue('');

    // A recovery code instead: signs in once…
    await step.getByRole('button', { name: 'Użyj kodu odzyskiwania' }).click();
    await step.getByLabel('Kod odzyskiwania').fill(recoveryCodes[0]);
    home = ownStreamRead(page);
    await step.getByRole('button', { name: 'Potwierdź' }).click();
    await expect(toast(page, 'Witaj w GrouaRock!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await violationsOf(page)).toEqual([]);
    expect((await home).status()).toBe(200);
    await signOutThroughMenu(page, account);

    // …and not twice.
    step = await signInUpToSecondStep(page, account);
    await step.getByRole('button', { name: 'Użyj kodu odzyskiwania' }).click();
    await step.getByLabel('Kod odzyskiwania').fill(recoveryCodes[0]);
    await step.getByRole('button', { name: 'Potwierdź' }).click();
    await expect(step.getByRole('alert')).toHaveText(/użyty/);
    await expect(page).toHaveURL(/\/auth$/);
    expect(await violationsOf(page)).toEqual([]);
  });

  test('a passkey signs in with the button "Zaloguj się kluczem dostępu"', async ({ page, request }) => {
    test.setTimeout(90_000);
    // A browser that does not offer passkeys among a field's suggestions: only the button asks for one.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    const account = await createConfirmedAccount(request, 'klucz');
    await addVirtualAuthenticator(page);
    await page.goto('/about');
    await registerPasskey(page, request, account);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }).click();
    await expect(toast(page, 'Witaj w GrouaRock!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: account.username })).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);
    expect(await passkeySignIns(account)).toBe(1);
  });

  test('a passkey signs in from the email field\'s suggestions (conditional UI), as /auth opens', async ({ page, request }) => {
    test.setTimeout(90_000);
    const account = await createConfirmedAccount(request, 'podpowiedz');
    await addVirtualAuthenticator(page);
    await page.goto('/about');
    await registerPasskey(page, request, account);

    // The page asks on its own as it opens; the virtual authenticator answers a conditional request at once with its
    // passkey, as a person picking it from the field's list would.
    const passkeySignIn = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/token?grant_type=passkey'));
    await page.goto('/auth', { waitUntil: 'commit' });
    expect((await passkeySignIn).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: account.username })).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);
    expect(await passkeySignIns(account)).toBe(1);
  });
});

test.describe('confirming it is you, in place', () => {
  test.beforeEach(async ({ page }) => page.addInitScript(VIOLATIONS));

  test('a password change with a stale sign-in asks for the password over the form, then completes as typed', async ({ page, request, allowedConsoleErrors }) => {
    test.setTimeout(90_000);
    allowedConsoleErrors.push(httpError(401, '/auth/user'));
    const account = await createConfirmedAccount(request, 'potwierdz');
    await signInOnAuthPage(page, account);
    await page.goto('/profile');
    const newPassword = `Nh!${randomUUID().slice(0, 18)}`;
    const panel = page.getByRole('region', { name: 'Zmiana hasła' });
    await panel.getByLabel('Aktualne hasło').fill(account.password);
    await panel.getByLabel('Nowe hasło', { exact: true }).fill(newPassword);
    await panel.getByLabel('Powtórz nowe hasło').fill(newPassword);

    // The sign-in of this session is 11 minutes old: the change needs it confirmed.
    await query(`UPDATE sessions SET authenticated_at = now() - interval '11 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [account.email]);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/user') && response.status() === 401);
    await panel.getByRole('button', { name: 'Zmień hasło' }).click();
    expect(await (await refused).json()).toMatchObject({ code: 'reauthentication_required', factors: ['password'] });

    const dialog = page.getByRole('dialog', { name: 'Potwierdź, że to Ty' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Hasło')).toBeFocused();
    // The form under the dialog keeps what was typed.
    await expect(panel.getByLabel('Nowe hasło', { exact: true })).toHaveValue(newPassword);

    const repeated = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/user') && response.request().method() === 'PUT' && response.status() === 200);
    await dialog.getByLabel('Hasło').fill(account.password);
    await dialog.getByRole('button', { name: 'Potwierdź' }).click();
    await repeated;
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Hasło zostało zmienione')).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);

    // The new password is the one typed before the dialog: it signs in, the old one no longer does.
    const withNew = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: newPassword } });
    expect(withNew.status()).toBe(200);
    const withOld = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
    expect(withOld.status()).toBe(400);
  });
});
