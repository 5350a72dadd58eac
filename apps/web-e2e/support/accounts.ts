import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestMailTo, linkIn } from './mail';

export interface Account {
  email: string;
  password: string;
  username: string;
}

let counter = 0;

/** A fresh address and username per call, so tests running in parallel never share an account. */
export function newAccount(prefix = 'fan'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { email: `${prefix}-${id}@example.com`, password: `riff-raff-${id}`, username: `${prefix}_${id}` };
}

/**
 * An account that can sign in: created through the API and confirmed through the link of its mail, in a
 * request context of its own (so no cookie reaches the browser under test). Each signs up from an address of its
 * own, as people do, so the per-address sign-up limit (10 an hour) stays out of the way of the whole suite.
 */
export async function createConfirmedAccount(request: APIRequestContext, prefix?: string): Promise<Account> {
  const account = newAccount(prefix);
  const signUp = await request.post('/api/v1/auth/signup', {
    headers: { 'x-forwarded-for': `198.18.${process.pid % 250}.${counter % 250}` },
    data: { email: account.email, password: account.password, data: { username: account.username, display_name: account.username } },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = linkIn(await latestMailTo(account.email), '/api/v1/auth/verify');
  const verify = await request.get(link, { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  expect(verify.headers()['location']).not.toContain('error=');
  return account;
}

/** The toast region's copy of a message (Radix also announces it once in a hidden live region). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /^Powiadomienia/ }).getByText(text);
}

/**
 * Signs in on /auth's "Logowanie" tab and waits for the redirect home, and for the home page's live section to have
 * read the user's own stream (so a test that logs out next does not race that request).
 */
export async function signInOnAuthPage(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Hasło', { exact: true }).fill(account.password);
  const ownStream = page.waitForResponse((response) => response.url().endsWith('/api/v1/stream/current'));
  // Exactly: "Zaloguj się kluczem dostępu" (a passkey) is a button of the page too.
  await form.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(toast(page, 'Witaj w GrouaRock!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await ownStream).status()).toBe(200);
}
