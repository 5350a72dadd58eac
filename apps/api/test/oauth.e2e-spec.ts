import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startListeningApp } from './support/app';
import { TestBrowser } from './support/browser';
import { createTestDatabase, type TestDatabase } from './support/database';
import { OAuthTestServer } from './support/oauth-server';
import { linkIn, SmtpReceiver } from './support/smtp-receiver';

interface SessionBody {
  access_token: string;
  user: { id: string; email: string | null; is_anonymous: boolean; providers: string[]; email_confirmed_at: string | null };
}

describe('OAuth sign-in (google, facebook, github) against a local authorization server', () => {
  let db: TestDatabase;
  let oauth: OAuthTestServer;
  let smtp: SmtpReceiver;
  let app: NestFastifyApplication;
  let base: string;
  let ip = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    oauth = new OAuthTestServer();
    await oauth.start();
    smtp = new SmtpReceiver();
    const smtpUrl = await smtp.start();
    ({ app, base } = await startListeningApp(db.url, { SMTP_URL: smtpUrl, ...oauth.env('google'), ...oauth.env('facebook'), ...oauth.env('github') }));
  });

  afterAll(async () => {
    await app.close();
    await oauth.stop();
    await smtp.stop();
    await db.drop();
  });

  const browser = () => new TestBrowser(`192.0.2.${++ip}`);

  async function session(b: TestBrowser): Promise<SessionBody> {
    const res = await b.request(`${base}/api/v1/auth/token?grant_type=refresh_token`, { method: 'POST' });
    expect(res.status).toBe(200);
    return (await res.json()) as SessionBody;
  }

  async function signInWith(b: TestBrowser, provider: string, redirectTo = '/'): Promise<string[]> {
    const { visited } = await b.navigate(`${base}/api/v1/auth/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`);
    return visited;
  }

  it('tells the web which providers are on', async () => {
    expect(await (await fetch(`${base}/api/v1/auth/providers`)).json()).toEqual({ google: true, facebook: true, github: true });
  });

  it('github: a new user goes to the provider and returns to the site root signed in', async () => {
    oauth.signInAs('github', { id: '1001', name: 'Joan Jett', login: 'joanjett', email: 'joan@blackhearts.example', emailVerified: true });
    const b = browser();
    const visited = await signInWith(b, 'github');
    expect(visited[1]).toMatch(new RegExp(`^${oauth.base}/github/authorize\\?`));
    const authorize = new URL(visited[1]);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/api/v1/auth/callback/github`);
    expect(visited[3]).toBe(`${base}/`);
    const { user } = await session(b);
    expect(user).toMatchObject({ email: 'joan@blackhearts.example', is_anonymous: false, providers: ['github'] });
    expect(user.email_confirmed_at).not.toBeNull();

    // Signing in again finds the same account.
    const again = browser();
    await signInWith(again, 'github');
    expect((await session(again)).user.id).toBe(user.id);
  });

  it('google: a verified address that already has an account is linked, not duplicated', async () => {
    const b = browser();
    await b.request(`${base}/api/v1/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'debbie@blondie.example', password: 'heart-of-glass' }) });
    await b.navigate(linkIn(await smtp.next('debbie@blondie.example'), '/auth/verify'));
    const existing = await session(b);

    oauth.signInAs('google', { id: 'g-77', name: 'Debbie Harry', email: 'debbie@blondie.example', emailVerified: true });
    const viaGoogle = browser();
    await signInWith(viaGoogle, 'google');
    const { user } = await session(viaGoogle);
    expect(user.id).toBe(existing.user.id);
    expect(user.providers).toEqual(['google']);
    const [{ count }] = await db.query<{ count: string }>(`SELECT count(*) FROM users WHERE email = 'debbie@blondie.example'`);
    expect(count).toBe('1');
  });

  it('a verified address whose account was never confirmed: linked, and the unproven password no longer opens it', async () => {
    // Someone signs up with an address they do not own and never confirms it.
    const squatter = browser();
    const signUp = await squatter.request(`${base}/api/v1/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'kim@gordon.example', password: 'squatter-riff-1' }) });
    expect(signUp.status).toBe(201);
    await smtp.next('kim@gordon.example');

    oauth.signInAs('google', { id: 'g-kim', name: 'Kim Gordon', email: 'kim@gordon.example', emailVerified: true });
    const owner = browser();
    await signInWith(owner, 'google');
    const { user } = await session(owner);
    expect(user).toMatchObject({ email: 'kim@gordon.example', providers: ['google'] });
    expect(user.email_confirmed_at).not.toBeNull();
    const attempt = await fetch(`${base}/api/v1/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.250' },
      body: JSON.stringify({ email: 'kim@gordon.example', password: 'squatter-riff-1' }),
    });
    expect(attempt.status).toBe(400);
  });

  it('an unverified address never takes over an existing account', async () => {
    const b = browser();
    await b.request(`${base}/api/v1/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patti@smith.example', password: 'horses-gloria-75' }) });
    await b.navigate(linkIn(await smtp.next('patti@smith.example'), '/auth/verify'));
    const owner = await session(b);

    oauth.signInAs('google', { id: 'g-impostor', name: 'Not Patti', email: 'patti@smith.example', emailVerified: false });
    const impostor = browser();
    await signInWith(impostor, 'google');
    const { user } = await session(impostor);
    expect(user.id).not.toBe(owner.user.id);
    expect(user.email).toBeNull();
  });

  it('facebook: an anonymous visitor links the identity and keeps the same id', async () => {
    const b = browser();
    const anon = (await (await b.request(`${base}/api/v1/auth/anonymous`, { method: 'POST' })).json()) as SessionBody;
    oauth.signInAs('facebook', { id: 'fb-5150', name: 'Wendy O.', email: 'wendy@plasmatics.example' });
    const visited = await signInWith(b, 'facebook', '/radio');
    expect(visited[visited.length - 1]).toBe(`${base}/radio`);
    const { user } = await session(b);
    expect(user).toMatchObject({ id: anon.user.id, is_anonymous: false, email: 'wendy@plasmatics.example', providers: ['facebook'] });
  });

  it('refuses a callback whose state does not match the one this browser was given', async () => {
    oauth.signInAs('github', { id: '2002', name: 'Someone', email: 'someone@example.com', emailVerified: true });
    const victim = browser();
    const attacker = browser();
    // The attacker starts a flow and gets a code and state for their own browser…
    const first = await attacker.request(`${base}/api/v1/auth/authorize?provider=github`);
    const atProvider = await attacker.request(first.headers.get('location') as string);
    const callback = atProvider.headers.get('location') as string;
    // …and makes the victim's browser open the callback: no state cookie there, so no sign-in.
    const { visited } = await victim.navigate(callback);
    expect(visited[1]).toBe(`${base}/auth?error=oauth`);
    expect(victim.cookies.has('gr_refresh')).toBe(false);

    // A tampered state cookie is refused as well.
    attacker.cookies.set('gr_oauth', `${attacker.cookies.get('gr_oauth')}x`);
    const tampered = await attacker.navigate(callback);
    expect(tampered.visited[1]).toBe(`${base}/auth?error=oauth`);
  });

  it('rejects unknown providers and bad return paths', async () => {
    expect((await fetch(`${base}/api/v1/auth/authorize?provider=myspace`)).status).toBe(400);
    expect((await fetch(`${base}/api/v1/auth/authorize?provider=github&redirect_to=https://evil.example`)).status).toBe(400);
    expect((await fetch(`${base}/api/v1/auth/authorize?provider=github&redirect_to=//evil.example`)).status).toBe(400);
    expect((await fetch(`${base}/api/v1/auth/callback/myspace`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('OAuth providers without credentials', () => {
  it('are off: not offered and not reachable', async () => {
    const db = await createTestDatabase();
    const { app, base } = await startListeningApp(db.url, { GITHUB_CLIENT_ID: 'only-an-id' });
    try {
      expect(await (await fetch(`${base}/api/v1/auth/providers`)).json()).toEqual({ google: false, facebook: false, github: false });
      const res = await fetch(`${base}/api/v1/auth/authorize?provider=github`, { redirect: 'manual' });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
