import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHmac } from 'node:crypto';
import { AttemptLimiter } from '../src/core/http/attempt-limiter';
import { startListeningApp } from './support/app';
import { TestBrowser } from './support/browser';
import { createTestDatabase, type TestDatabase } from './support/database';
import { linkIn, SmtpReceiver } from './support/smtp-receiver';

const JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
let ipCounter = 0;
/** Each test acts from its own address, so per-IP limits of one test do not leak into another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

describe('accounts', () => {
  let db: TestDatabase;
  let smtp: SmtpReceiver;
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = new SmtpReceiver();
    const smtpUrl = await smtp.start();
    ({ app, base } = await startListeningApp(db.url, { SMTP_URL: smtpUrl, JWT_SECRET }));
  });

  afterAll(async () => {
    await app.close();
    await smtp.stop();
    await db.drop();
  });

  const api = (path: string) => `${base}/api/v1${path}`;
  const json = (body: unknown, extra: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });

  async function signUpAndConfirm(browser: TestBrowser, email: string, password = 'secret-riff-12'): Promise<{ access: string; userId: string }> {
    const res = await browser.request(api('/auth/signup'), json({ email, password }));
    expect(res.status).toBe(201);
    const link = linkIn(await smtp.next(email), '/auth/verify');
    const { visited } = await browser.navigate(link);
    expect(visited[1]).toBe(`${base}/`);
    const session = await browser.request(api('/auth/token?grant_type=refresh_token'), { method: 'POST' });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { access_token: string; user: { id: string } };
    return { access: body.access_token, userId: body.user.id };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('sign-up with email confirmation', () => {
    it('mails a single-use link that confirms the account, signs the user in and lands on the site root', async () => {
      const browser = new TestBrowser(freshIp());
      const res = await browser.request(api('/auth/signup'), json({ email: ' Joey@Ramones.example ', password: 'blitzkrieg-bop-76' }));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { user: Record<string, unknown>; confirmation_sent: boolean };
      expect(body).toMatchObject({
        confirmation_sent: true,
        user: { email: 'joey@ramones.example', is_anonymous: false, email_confirmed_at: null, user_metadata: { username: 'joey', display_name: 'joey' } },
      });

      // Not confirmed yet: the password does not open the account.
      const early = await browser.request(api('/auth/token?grant_type=password'), json({ email: 'joey@ramones.example', password: 'blitzkrieg-bop-76' }));
      expect(early.status).toBe(403);
      expect(await early.json()).toMatchObject({ code: 'email_not_confirmed' });

      const mail = await smtp.next('joey@ramones.example');
      expect(mail.subject).toContain('GrouaRock');
      const link = linkIn(mail, '/api/v1/auth/verify?token=');
      const { visited } = await browser.navigate(link);
      expect(visited[1]).toBe(`${base}/`);
      expect(browser.cookies.has('gr_refresh')).toBe(true);

      const session = await browser.request(api('/auth/token?grant_type=refresh_token'), { method: 'POST' });
      const signedIn = (await session.json()) as { user: { email_confirmed_at: string | null } };
      expect(signedIn.user.email_confirmed_at).not.toBeNull();

      // The link works once.
      const again = await new TestBrowser(freshIp()).navigate(link);
      expect(again.visited[1]).toBe(`${base}/auth?error=link_invalid`);
    });

    it('keeps the given username and display name', async () => {
      const res = await new TestBrowser(freshIp()).request(
        api('/auth/signup'),
        json({ email: 'dee@example.com', password: 'secret-riff-12', data: { username: 'deedee', display_name: 'Dee Dee' } }),
      );
      expect(await res.json()).toMatchObject({ user: { user_metadata: { username: 'deedee', display_name: 'Dee Dee' } } });
      await smtp.next('dee@example.com');
    });

    it('refuses an address already registered', async () => {
      const browser = new TestBrowser(freshIp());
      await browser.request(api('/auth/signup'), json({ email: 'twice@example.com', password: 'secret-riff-12' }));
      await smtp.next('twice@example.com');
      const res = await browser.request(api('/auth/signup'), json({ email: 'TWICE@example.com', password: 'other-riff-123' }));
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ statusCode: 409, code: 'user_already_exists' });
    });

    it('mails the link again on request, without telling whether an account exists', async () => {
      const browser = new TestBrowser(freshIp());
      await browser.request(api('/auth/signup'), json({ email: 'late@example.com', password: 'secret-riff-12' }));
      await smtp.next('late@example.com');
      const res = await browser.request(api('/auth/resend'), json({ email: 'late@example.com' }));
      expect(res.status).toBe(200);
      const known = (await res.json()) as { message: string };
      expect(linkIn(await smtp.next('late@example.com'), '/auth/verify')).toContain('token=');
      const unknown = await browser.request(api('/auth/resend'), json({ email: 'nobody@example.com' }));
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual(known);
    });

    it('refuses a common or breached password with a code and the reason, before any account exists', async () => {
      const browser = new TestBrowser(freshIp());
      const res = await browser.request(api('/auth/signup'), json({ email: 'sid@example.com', password: 'password1' }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, code: 'password_too_common', fields: ['password'], message: expect.stringContaining('commonly used password') });
      // Made of the address itself: guessable by whoever knows it.
      const own = await browser.request(api('/auth/signup'), json({ email: 'sid.vicious@example.com', password: 'sidvicious1' }));
      expect(await own.json()).toMatchObject({ code: 'password_weak', message: expect.stringContaining('personal') });
      // Nothing was registered: the address is still free.
      expect((await browser.request(api('/auth/signup'), json({ email: 'sid@example.com', password: 'my-way-sid-1978' }))).status).toBe(201);
      await smtp.next('sid@example.com');
    });

    it('names the offending fields of a malformed sign-up', async () => {
      const res = await new TestBrowser(freshIp()).request(api('/auth/signup'), json({ email: 'not-an-email', password: '123', data: { username: 'a b' }, role: 'admin' }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields: string[] };
      expect(body.fields.sort()).toEqual(['data.username', 'email', 'password', 'role']);
    });
  });

  describe('sign-in, refresh and sign-out', () => {
    it('signs in with a password: a JWT in the body, the refresh token in an httpOnly cookie scoped to the auth path', async () => {
      const browser = new TestBrowser(freshIp());
      await signUpAndConfirm(browser, 'marky@example.com', 'drums-ramones-1234');
      const res = await new TestBrowser(freshIp()).request(api('/auth/token?grant_type=password'), json({ email: 'Marky@example.com', password: 'drums-ramones-1234' }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number; expires_at: number; refresh_token?: string };
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
      expect(body.refresh_token).toBeUndefined();
      expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
      const header = JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString()) as { alg: string };
      expect(header.alg).toBe('HS256');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('gr_refresh='));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
      const me = await fetch(api('/auth/user'), { headers: bearer(body.access_token) });
      expect(await me.json()).toMatchObject({ email: 'marky@example.com', has_password: true, providers: [] });
    });

    it('answers a wrong password or an unknown address the same way', async () => {
      const browser = new TestBrowser(freshIp());
      await signUpAndConfirm(browser, 'tommy@example.com');
      for (const attempt of [{ email: 'tommy@example.com', password: 'wrong-one' }, { email: 'ghost@example.com', password: 'secret-riff-12' }]) {
        const res = await browser.request(api('/auth/token?grant_type=password'), json(attempt));
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      }
      const missing = await browser.request(api('/auth/token?grant_type=password'), json({ email: 'tommy@example.com' }));
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ fields: ['password'] });
      const badGrant = await browser.request(api('/auth/token?grant_type=magic'), json({}));
      expect(badGrant.status).toBe(400);
      expect(await badGrant.json()).toMatchObject({ fields: ['grant_type'] });
    });

    it('rotates the refresh token; reusing a spent one after the grace period ends the whole session', async () => {
      const browser = new TestBrowser(freshIp());
      await signUpAndConfirm(browser, 'cj@example.com');
      const spent = browser.cookies.get('gr_refresh') as string;
      const first = await browser.request(api('/auth/token?grant_type=refresh_token'), { method: 'POST' });
      expect(first.status).toBe(200);
      const current = browser.cookies.get('gr_refresh') as string;
      expect(current).not.toBe(spent);

      // Within 10 s (two tabs refreshing at once) the spent token still works.
      const concurrent = await fetch(api('/auth/token?grant_type=refresh_token'), json({ refresh_token: spent }));
      expect(concurrent.status).toBe(200);

      // Later, the same spent token is a sign of theft: the session ends, the legitimate token with it.
      await db.query(`UPDATE refresh_tokens SET used_at = used_at - interval '11 seconds' WHERE used_at IS NOT NULL`);
      const replay = await fetch(api('/auth/token?grant_type=refresh_token'), json({ refresh_token: spent }));
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ code: 'refresh_token_reused' });
      const legit = await browser.request(api('/auth/token?grant_type=refresh_token'), { method: 'POST' });
      expect(legit.status).toBe(401);
      expect(browser.cookies.has('gr_refresh')).toBe(false);
      const [session] = await db.query<{ revoked_reason: string }>(
        `SELECT s.revoked_reason FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'cj@example.com' ORDER BY s.created_at DESC LIMIT 1`,
      );
      expect(session.revoked_reason).toBe('refresh_token_reused');
    });

    it('sign-out ends the session: its access and refresh tokens stop working', async () => {
      const browser = new TestBrowser(freshIp());
      const { access } = await signUpAndConfirm(browser, 'richie@example.com');
      const out = await browser.request(api('/auth/logout'), { method: 'POST', headers: bearer(access) });
      expect(out.status).toBe(204);
      expect(browser.cookies.has('gr_refresh')).toBe(false);
      expect((await fetch(api('/auth/user'), { headers: bearer(access) })).status).toBe(401);
    });

    it('"sign out everywhere" ends every session of the user, and only theirs', async () => {
      const laptop = new TestBrowser(freshIp());
      const { access } = await signUpAndConfirm(laptop, 'cj2@example.com');
      const phone = await fetch(api('/auth/token?grant_type=password'), json({ email: 'cj2@example.com', password: 'secret-riff-12' }));
      const phoneToken = ((await phone.json()) as { access_token: string }).access_token;
      const other = await signUpAndConfirm(new TestBrowser(freshIp()), 'bystander@example.com');

      expect((await fetch(api('/auth/logout?scope=global'), { method: 'POST', headers: bearer(access) })).status).toBe(204);
      expect((await fetch(api('/auth/user'), { headers: bearer(phoneToken) })).status).toBe(401);
      expect((await fetch(api('/auth/user'), { headers: bearer(other.access) })).status).toBe(200);
    });
  });

  describe('anonymous users', () => {
    it('becomes a full account by adding an email and password, keeping the same id', async () => {
      const browser = new TestBrowser(freshIp());
      const res = await browser.request(api('/auth/anonymous'), { method: 'POST' });
      expect(res.status).toBe(201);
      const anon = (await res.json()) as { access_token: string; user: { id: string; is_anonymous: boolean; email: null } };
      expect(anon.user).toMatchObject({ is_anonymous: true, email: null });

      const update = await fetch(api('/auth/user'), { method: 'PUT', headers: { 'content-type': 'application/json', ...bearer(anon.access_token) }, body: JSON.stringify({ email: 'vee@example.com', password: 'secret-riff-12' }) });
      expect(update.status).toBe(200);
      expect(await update.json()).toMatchObject({ id: anon.user.id, is_anonymous: true, has_password: true });

      await browser.navigate(linkIn(await smtp.next('vee@example.com'), '/auth/verify'));
      const signIn = await fetch(api('/auth/token?grant_type=password'), json({ email: 'vee@example.com', password: 'secret-riff-12' }));
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { user: unknown }).user).toMatchObject({ id: anon.user.id, is_anonymous: false, email: 'vee@example.com', user_metadata: { username: 'vee' } });
    });

    it('cannot take an address that belongs to another account', async () => {
      await signUpAndConfirm(new TestBrowser(freshIp()), 'owner@example.com');
      const anon = (await (await fetch(api('/auth/anonymous'), { method: 'POST', headers: { 'x-forwarded-for': freshIp() } })).json()) as { access_token: string };
      const res = await fetch(api('/auth/user'), { method: 'PUT', headers: { 'content-type': 'application/json', ...bearer(anon.access_token) }, body: JSON.stringify({ email: 'owner@example.com', password: 'secret-riff-12' }) });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'email_taken' });
    });
  });

  describe('the user and their password', () => {
    it('updates names; changing the password needs the current one and ends the other sessions', async () => {
      const browser = new TestBrowser(freshIp());
      const { access } = await signUpAndConfirm(browser, 'johnny@example.com', 'old-pass-1');
      const other = (await (await fetch(api('/auth/token?grant_type=password'), json({ email: 'johnny@example.com', password: 'old-pass-1' }))).json()) as { access_token: string };
      const put = (body: unknown) => fetch(api('/auth/user'), { method: 'PUT', headers: { 'content-type': 'application/json', ...bearer(access) }, body: JSON.stringify(body) });

      expect(await (await put({ data: { username: 'johnny_r', display_name: 'Johnny R' } })).json()).toMatchObject({ user_metadata: { username: 'johnny_r', display_name: 'Johnny R' } });
      const noCurrent = await put({ password: 'new-pass-1' });
      expect(noCurrent.status).toBe(400);
      expect(await noCurrent.json()).toMatchObject({ code: 'current_password_required' });
      expect(await (await put({ password: 'kochanie1', current_password: 'old-pass-1' })).json()).toMatchObject({ code: 'password_weak' });
      const wrong = await put({ password: 'new-pass-1', current_password: 'nope-nope' });
      expect(await wrong.json()).toMatchObject({ code: 'invalid_current_password' });
      expect((await put({ password: 'new-pass-1', current_password: 'old-pass-1' })).status).toBe(200);

      expect((await fetch(api('/auth/user'), { headers: bearer(access) })).status).toBe(200);
      expect((await fetch(api('/auth/user'), { headers: bearer(other.access_token) })).status).toBe(401);
      expect((await fetch(api('/auth/token?grant_type=password'), json({ email: 'johnny@example.com', password: 'new-pass-1' }))).status).toBe(200);
    });

    it('refuses fields a user may not set (such as an id)', async () => {
      const { access } = await signUpAndConfirm(new TestBrowser(freshIp()), 'arturo@example.com');
      const res = await fetch(api('/auth/user'), { method: 'PUT', headers: { 'content-type': 'application/json', ...bearer(access) }, body: JSON.stringify({ id: '00000000-0000-0000-0000-000000000000', is_anonymous: true }) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: string[] }).fields.sort()).toEqual(['id', 'is_anonymous']);
    });

    it('recovers a forgotten password by mail: a single-use link, every old session ended', async () => {
      const browser = new TestBrowser(freshIp());
      const { access } = await signUpAndConfirm(browser, 'elvis@example.com', 'forgotten-riff-8');
      expect((await browser.request(api('/auth/recover'), json({ email: 'elvis@example.com' }))).status).toBe(200);
      expect((await browser.request(api('/auth/recover'), json({ email: 'nobody-here@example.com' }))).status).toBe(200);
      const link = new URL(linkIn(await smtp.next('elvis@example.com'), '/auth?recovery_token='));
      expect(link.pathname).toBe('/auth');
      const token = link.searchParams.get('recovery_token') as string;

      // A refused password leaves the link usable for a better one.
      expect(await (await browser.request(api('/auth/reset'), json({ token, password: 'qwerty123' }))).json()).toMatchObject({ code: 'password_too_common' });
      const reset = await browser.request(api('/auth/reset'), json({ token, password: 'remembered-riff-9' }));
      expect(reset.status).toBe(200);
      expect(await reset.json()).toMatchObject({ user: { email: 'elvis@example.com' } });
      expect((await fetch(api('/auth/user'), { headers: bearer(access) })).status).toBe(401);
      expect((await browser.request(api('/auth/token?grant_type=password'), json({ email: 'elvis@example.com', password: 'forgotten-riff-8' }))).status).toBe(400);
      expect((await browser.request(api('/auth/token?grant_type=password'), json({ email: 'elvis@example.com', password: 'remembered-riff-9' }))).status).toBe(200);
      const again = await browser.request(api('/auth/reset'), json({ token, password: 'third-riff-one-3' }));
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ code: 'invalid_token' });
    });
  });

  describe('access tokens', () => {
    let access: string;
    let claims: Record<string, unknown>;

    beforeAll(async () => {
      ({ access } = await signUpAndConfirm(new TestBrowser(freshIp()), 'tokens@example.com'));
      claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    });

    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const hs256 = (payload: Record<string, unknown>, secret = JWT_SECRET) => {
      const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    };

    it('accepts the real one', async () => {
      expect((await fetch(api('/auth/user'), { headers: bearer(access) })).status).toBe(200);
      expect((await fetch(api('/auth/user'), { headers: bearer(hs256(claims)) })).status).toBe(200);
    });

    it.each([
      ['no token', () => ''],
      ['alg=none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
      ['a wrong signature', () => hs256(claims, 'another-secret-that-is-long-enough-000')],
      ['a wrong audience', () => hs256({ ...claims, aud: 'someone-else' })],
      ['a wrong issuer', () => hs256({ ...claims, iss: 'https://evil.example' })],
      ['an expired time', () => hs256({ ...claims, iat: 1_700_000_000, exp: 1_700_000_060 })],
      ['garbage', () => 'not.a.jwt'],
    ])('refuses %s with 401', async (_name, make) => {
      const res = await fetch(api('/auth/user'), { headers: bearer(make()) });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ statusCode: 401, code: 'invalid_access_token' });
    });
  });

  describe('limits', () => {
    it('locks an account after repeated failed sign-ins, with Retry-After', async () => {
      await signUpAndConfirm(new TestBrowser(freshIp()), 'target@example.com');
      const attacker = new TestBrowser(freshIp());
      for (let i = 0; i < AttemptLimiter.perAccount; i++) {
        expect((await attacker.request(api('/auth/token?grant_type=password'), json({ email: 'target@example.com', password: `guess-${i}` }))).status).toBe(400);
      }
      // Even the right password, even from elsewhere, waits until the window passes.
      const locked = await new TestBrowser(freshIp()).request(api('/auth/token?grant_type=password'), json({ email: 'target@example.com', password: 'secret-riff-12' }));
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    });

    it('limits failed sign-ins per address across accounts', async () => {
      const attacker = new TestBrowser(freshIp());
      let status = 0;
      for (let i = 0; i <= AttemptLimiter.perAddress; i++) {
        status = (await attacker.request(api('/auth/token?grant_type=password'), json({ email: `victim${i}@example.com`, password: 'guess123' }))).status;
      }
      expect(status).toBe(429);
    });

    it.each([
      ['sign-ups', '/auth/signup', (i: number) => ({ email: `flood${i}-${Date.now()}@example.com`, password: 'secret-riff-12' }), 10],
      ['anonymous sign-ins', '/auth/anonymous', () => ({}), 30],
      ['recovery mails', '/auth/recover', () => ({ email: 'nobody@example.com' }), 5],
      ['confirmation mails', '/auth/resend', () => ({ email: 'nobody@example.com' }), 5],
    ])('limits %s per address with 429 and Retry-After', async (_name, path, body, limit) => {
      const client = new TestBrowser(freshIp());
      for (let i = 0; i < limit; i++) expect((await client.request(api(path), json(body(i)))).status).toBeLessThan(300);
      const over = await client.request(api(path), json(body(limit)));
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await new TestBrowser(freshIp()).request(api(path), json(body(limit + 1)))).status).toBeLessThan(300);
    });
  });
});
