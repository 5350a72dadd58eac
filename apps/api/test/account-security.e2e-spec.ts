import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { totpCode } from '../src/auth/totp';
import { startListeningApp } from './support/app';
import { TestBrowser } from './support/browser';
import { createTestDatabase, type TestDatabase } from './support/database';
import { linkIn, SmtpReceiver } from './support/smtp-receiver';
import { SoftAuthenticator } from './support/soft-authenticator';

// Issue 39 over HTTP on real PostgreSQL: the authenticator app (enrolment, sign-in with a code, replays refused,
// recovery codes once), passkeys (with an authenticator in software; a real browser's virtual authenticator in
// apps/web-e2e), re-authentication for what matters, the session list and ending sessions, and the security log
// (also in the data export).

const PASSWORD = 'Riff-Raff-Rock-1979';
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON under test
type Json = any;

/** The claims of a JWT (its signature is the server's business; here only what it says). */
const claimsOf = (token: string): Json => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('account security', () => {
  let db: TestDatabase;
  let smtp: SmtpReceiver;
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = new SmtpReceiver();
    ({ app, base } = await startListeningApp(db.url, { SMTP_URL: await smtp.start() }));
  });

  afterAll(async () => {
    await app.close();
    await smtp.stop();
    await db.drop();
  });

  const api = (path: string) => `${base}/api/v1${path}`;

  /** A browser-like client: its cookie jar, its address, and JSON calls with its current access token. */
  class Client {
    readonly browser = new TestBrowser(freshIp());
    access = '';

    async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
      const res = await this.browser.request(api(path), {
        method,
        headers: { ...(this.access ? { authorization: `Bearer ${this.access}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    }

    /** Signs in with the password; with the app on this answers 403 mfa_required, which is returned as it is. */
    async signIn(email: string, password = PASSWORD): Promise<{ status: number; body: Json }> {
      this.access = '';
      const answer = await this.call('POST', '/auth/token?grant_type=password', { email, password });
      if (answer.status === 200) this.access = answer.body.access_token;
      return answer;
    }

    async refresh(): Promise<number> {
      const answer = await this.call('POST', '/auth/token?grant_type=refresh_token');
      if (answer.status === 200) this.access = answer.body.access_token;
      return answer.status;
    }
  }

  async function account(email: string): Promise<{ client: Client; userId: string }> {
    const client = new Client();
    expect((await client.call('POST', '/auth/signup', { email, password: PASSWORD })).status).toBe(201);
    await client.browser.navigate(linkIn(await smtp.next(email), '/auth/verify'));
    expect(await client.refresh()).toBe(200);
    return { client, userId: claimsOf(client.access).sub };
  }

  /** Turns the app on for the client's account; its seed and recovery codes. */
  async function withApp(client: Client): Promise<{ secret: string; codes: string[] }> {
    const started = await client.call('POST', '/auth/factors/totp');
    expect(started.status).toBe(201);
    expect(started.body.uri).toContain(`secret=${started.body.secret}`);
    const enabled = await client.call('POST', '/auth/factors/totp/verify', { code: totpCode(started.body.secret) });
    expect(enabled.status).toBe(200);
    client.access = enabled.body.session.access_token;
    return { secret: started.body.secret, codes: enabled.body.recovery_codes };
  }

  /** The seed's code of the step after the one just used, so a test need not wait 30 s for a fresh code. */
  const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

  const makeStale = (userId: string) => db.query(`UPDATE sessions SET authenticated_at = now() - interval '11 minutes' WHERE user_id = $1`, [userId]);

  describe('the authenticator app', () => {
    it('turns on with its first code: the session becomes aal2, sessions signed in before end, ten recovery codes are shown once', async () => {
      const email = 'joan@blackhearts.example';
      const { client } = await account(email);
      const earlier = new Client();
      expect((await earlier.signIn(email)).status).toBe(200);
      expect(claimsOf(client.access)).toMatchObject({ aal: 'aal1', amr: [{ method: 'email_link' }] });

      const { codes } = await withApp(client);
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
      expect(claimsOf(client.access)).toMatchObject({ aal: 'aal2', amr: [{ method: 'totp' }, { method: 'email_link' }] });

      // The session signed in with the password alone before the app was on has ended: its token and refresh fail.
      expect((await earlier.call('GET', '/auth/user')).status).toBe(401);
      expect(await earlier.refresh()).toBe(401);
      // This one goes on.
      expect((await client.call('GET', '/auth/user')).status).toBe(200);
      expect(await client.refresh()).toBe(200);
      expect(claimsOf(client.access).aal).toBe('aal2');

      const security = await client.call('GET', '/auth/security');
      expect(security.body).toEqual({ password: true, totp: true, recovery_codes_left: 10, passkeys: 0, factors: ['password', 'totp', 'recovery'] });
      // The seed is stored sealed, never in clear.
      const [row] = await db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM mfa_factors');
      expect(row.secret_sealed).toMatch(/^v2\./);
      // A second app while one is on: refused.
      expect((await client.call('POST', '/auth/factors/totp')).body).toMatchObject({ code: 'mfa_already_enabled' });
    });

    it('makes a password sign-in ask for a code: once accepted, the same code is refused (a replay within its window)', async () => {
      const email = 'wendy@plasmatics.example';
      const { client } = await account(email);
      const { secret } = await withApp(client);

      const other = new Client();
      const asked = await other.signIn(email);
      expect(asked.status).toBe(403);
      expect(asked.body).toMatchObject({ code: 'mfa_required', factors: ['totp', 'recovery'] });
      expect(other.browser.cookies.has('gr_refresh')).toBe(false);
      // The mfa_token is not an access token.
      other.access = asked.body.mfa_token;
      expect((await other.call('GET', '/auth/user')).status).toBe(401);
      other.access = '';

      const code = nextCode(secret);
      const signedIn = await other.call('POST', '/auth/token?grant_type=mfa', { mfa_token: asked.body.mfa_token, code });
      expect(signedIn.status).toBe(200);
      expect(claimsOf(signedIn.body.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'totp' }, { method: 'password' }] });
      expect(other.browser.cookies.has('gr_refresh')).toBe(true);

      const third = new Client();
      const again = await third.signIn(email);
      const replay = await third.call('POST', '/auth/token?grant_type=mfa', { mfa_token: again.body.mfa_token, code });
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ code: 'invalid_mfa_code' });
      // A made-up or malformed token: 401, not a session.
      expect((await third.call('POST', '/auth/token?grant_type=mfa', { mfa_token: 'not-a-token', code: '123456' })).body).toMatchObject({ code: 'invalid_mfa_token' });
      expect((await third.call('POST', '/auth/token?grant_type=mfa', { mfa_token: again.body.mfa_token })).status).toBe(400);
    });

    it('takes a recovery code once, in any case and with or without dashes, and logs it', async () => {
      const email = 'debbie@blondie.example';
      const { client } = await account(email);
      const { codes } = await withApp(client);

      const phone = new Client();
      const asked = await phone.signIn(email);
      const typed = codes[3].toUpperCase().replace(/-/g, ' ');
      const signedIn = await phone.call('POST', '/auth/token?grant_type=mfa', { mfa_token: asked.body.mfa_token, code: typed });
      expect(signedIn.status).toBe(200);
      expect(claimsOf(signedIn.body.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'recovery' }, { method: 'password' }] });

      const later = new Client();
      const again = await later.signIn(email);
      expect((await later.call('POST', '/auth/token?grant_type=mfa', { mfa_token: again.body.mfa_token, code: codes[3] })).body).toMatchObject({ code: 'invalid_mfa_code' });
      expect((await client.call('GET', '/auth/security')).body.recovery_codes_left).toBe(9);

      const log = await client.call('GET', '/auth/security-log');
      const types = log.body.events.map((e: Json) => e.type);
      expect(types).toEqual(expect.arrayContaining(['recovery_code_used', 'sign_in_failed_second_factor', 'totp_enabled', 'signed_in']));
      expect(log.body.events.find((e: Json) => e.type === 'recovery_code_used').detail).toEqual({ left: '9' });

      // New codes replace the old ones.
      const fresh = await client.call('POST', '/auth/factors/recovery-codes');
      expect(fresh.body.recovery_codes).toHaveLength(10);
      const once = new Client();
      const step = await once.signIn(email);
      expect((await once.call('POST', '/auth/token?grant_type=mfa', { mfa_token: step.body.mfa_token, code: codes[0] })).status).toBe(400);
    });

    it('limits wrong codes per account: the sixth within a quarter hour is 429, even with the right code', async () => {
      const email = 'poly@xray-spex.example';
      const { client } = await account(email);
      const { secret } = await withApp(client);
      const guesser = new Client();
      const asked = await guesser.signIn(email);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await guesser.call('POST', '/auth/token?grant_type=mfa', { mfa_token: asked.body.mfa_token, code: String(100000 + i) })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const limited = await guesser.call('POST', '/auth/token?grant_type=mfa', { mfa_token: asked.body.mfa_token, code: nextCode(secret) });
      expect(limited.status).toBe(429);
    });

    it('a mail link does not sign an account with the app in without its code (the second step, token in the fragment)', async () => {
      const email = 'siouxsie@banshees.example';
      const { client } = await account(email);
      await withApp(client);
      expect((await client.call('PUT', '/auth/user', { email: 'siouxsie@spellbound.example' })).status).toBe(200);
      const { visited } = await client.browser.navigate(linkIn(await smtp.next('siouxsie@spellbound.example'), '/auth/verify'));
      expect(visited[1]).toMatch(new RegExp(`^${base}/auth\\?next=%2F#mfa_token=[\\w.-]+$`));
    });

    it('turns off after a recent sign-in, and the recovery codes with it', async () => {
      const { client, userId } = await account('exene@x.example');
      await withApp(client);
      await makeStale(userId);
      const refused = await client.call('DELETE', '/auth/factors/totp');
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'reauthentication_required', factors: ['password', 'totp', 'recovery'] });
      expect((await client.call('POST', '/auth/reauthenticate', { password: PASSWORD })).status).toBe(200);
      expect((await client.call('DELETE', '/auth/factors/totp')).status).toBe(204);
      expect((await client.call('GET', '/auth/security')).body).toMatchObject({ totp: false, recovery_codes_left: 0 });
      expect((await new Client().signIn('exene@x.example')).status).toBe(200);
    });
  });

  describe('re-authentication for what matters', () => {
    it('refuses a password change, a new address, an API key, a webhook and the export to a sign-in older than 10 minutes, until the owner confirms', async () => {
      const { client, userId } = await account('patti@smith.example');
      await makeStale(userId);
      const attempts = [
        ['PUT', '/auth/user', { password: 'Horses-Gloria-1975!', current_password: PASSWORD }],
        ['PUT', '/auth/user', { email: 'patti@horses.example' }],
        ['POST', '/developer/keys', { name: 'scraper' }],
        ['POST', '/webhooks', { url: 'https://hooks.example/grouarock', events: ['track_ready'] }],
        ['GET', '/user/export', undefined],
      ] as const;
      for (const [method, path, body] of attempts) {
        const refused = await client.call(method, path, body);
        expect({ path, status: refused.status, code: refused.body?.code, factors: refused.body?.factors }).toEqual({ path, status: 401, code: 'reauthentication_required', factors: ['password'] });
      }
      // Names are not what matters.
      expect((await client.call('PUT', '/auth/user', { data: { display_name: 'Patti' } })).status).toBe(200);

      const wrong = await client.call('POST', '/auth/reauthenticate', { password: 'not-it' });
      expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });
      expect((await client.call('POST', '/auth/reauthenticate', { password: PASSWORD, code: '123456' })).body).toMatchObject({ code: 'one_proof_required' });
      const confirmed = await client.call('POST', '/auth/reauthenticate', { password: PASSWORD });
      expect(confirmed.status).toBe(200);
      expect(claimsOf(confirmed.body.access_token).amr[0].method).toBe('password');
      // The refresh token is unchanged (no cookie set), the old access token still works too.
      client.access = confirmed.body.access_token;
      expect((await client.call('PUT', '/auth/user', { password: 'Horses-Gloria-1975!', current_password: PASSWORD })).status).toBe(200);
      const key = await client.call('POST', '/developer/keys', { name: 'scraper' });
      expect(key.status).toBe(201);
      expect((await client.call('DELETE', `/developer/keys/${key.body.id}`)).status).toBe(204);
      expect((await client.call('GET', '/user/export')).status).toBe(200);
      const events = (await client.call('GET', '/auth/security-log')).body.events;
      expect(events.map((e: Json) => e.type)).toEqual(expect.arrayContaining(['reauthenticated', 'password_changed', 'api_key_created', 'api_key_revoked']));
      expect(events.find((e: Json) => e.type === 'api_key_revoked').detail).toEqual({ key: 'scraper' });
      expect(events.find((e: Json) => e.type === 'api_key_created').detail).toEqual({ key: 'scraper', scope: 'read-only' });
    });

    it('confirms with a code of the app, which then is spent', async () => {
      const { client, userId } = await account('kim@breeders.example');
      const { secret } = await withApp(client);
      await makeStale(userId);
      const code = nextCode(secret);
      expect((await client.call('POST', '/auth/reauthenticate', { code })).status).toBe(200);
      await makeStale(userId);
      expect((await client.call('POST', '/auth/reauthenticate', { code })).body).toMatchObject({ code: 'invalid_mfa_code' });
    });

    it('mails a code to an account with no password, app or passkey (made with Google, say), and takes it once', async () => {
      const email = 'kathleen@bikini-kill.example';
      const { client, userId } = await account(email);
      await db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [userId]);
      await makeStale(userId);
      const refused = await client.call('POST', '/developer/keys', { name: 'riot' });
      expect(refused.body).toMatchObject({ code: 'reauthentication_required', factors: ['email_code'] });
      expect((await client.call('POST', '/auth/reauthenticate/email-code')).status).toBe(204);
      const mail = await smtp.next(email);
      const code = mail.text.match(/\b\d{6}\b/)?.[0] as string;
      expect(mail.subject).toContain(code);
      expect((await client.call('POST', '/auth/reauthenticate', { email_code: code })).status).toBe(200);
      expect((await client.call('POST', '/developer/keys', { name: 'riot' })).status).toBe(201);
      await makeStale(userId);
      expect((await client.call('POST', '/auth/reauthenticate', { email_code: code })).body).toMatchObject({ code: 'invalid_mfa_code' });
      // An account with a password does not get mailed codes.
      const { client: withPassword } = await account('tobi@bikini-kill.example');
      expect((await withPassword.call('POST', '/auth/reauthenticate/email-code')).body).toMatchObject({ code: 'email_code_unavailable' });
    });
  });

  describe('sessions', () => {
    it('lists where the account is signed in, ends one from another browser (it stops refreshing) and signs out everywhere else', async () => {
      const email = 'chrissie@pretenders.example';
      const { client } = await account(email);
      const laptop = new Client();
      await laptop.signIn(email);
      const phone = new Client();
      await phone.signIn(email);

      const listed = await client.call('GET', '/auth/sessions');
      expect(listed.body.sessions).toHaveLength(3);
      expect(listed.body.sessions.filter((s: Json) => s.current)).toHaveLength(1);
      expect(listed.body.sessions[0]).toMatchObject({ browser: 'Chrome 131', os: 'Linux', device: 'desktop', aal: 'aal1' });
      expect(listed.body.sessions.map((s: Json) => s.ip)).toEqual(expect.arrayContaining([laptop.browser['forwardedFor']]));

      const laptopSession = claimsOf(laptop.access).sid;
      expect((await client.call('DELETE', `/auth/sessions/${laptopSession}`)).status).toBe(204);
      expect((await laptop.call('GET', '/auth/user')).status).toBe(401);
      expect(await laptop.refresh()).toBe(401);
      // Another account's session, or one already ended: 404, nothing ends.
      expect((await phone.call('DELETE', `/auth/sessions/${laptopSession}`)).status).toBe(404);
      expect((await client.call('DELETE', '/auth/sessions/not-a-uuid')).status).toBe(400);

      expect((await client.call('POST', '/auth/sessions/end-others')).body).toEqual({ ended: 1 });
      expect(await phone.refresh()).toBe(401);
      expect((await client.call('GET', '/auth/sessions')).body.sessions).toHaveLength(1);
      const log = (await client.call('GET', '/auth/security-log')).body.events.map((e: Json) => e.type);
      expect(log.slice(0, 2)).toEqual(['other_sessions_ended', 'session_ended']);
    });
  });

  describe('the security log', () => {
    it('pages back with before, and is in the data export with the factors, never a secret', async () => {
      const { client } = await account('lydia@lunch.example');
      await withApp(client);
      const first = await client.call('GET', '/auth/security-log?limit=1');
      expect(first.body.events).toHaveLength(1);
      const rest = await client.call('GET', `/auth/security-log?before=${encodeURIComponent(first.body.events[0].created_at)}`);
      expect(rest.body.events.length).toBeGreaterThan(0);
      expect(rest.body.events.every((e: Json) => e.created_at < first.body.events[0].created_at)).toBe(true);
      expect((await client.call('GET', '/auth/security-log?limit=0')).status).toBe(400);
      expect((await client.call('GET', '/auth/security-log?before=yesterday')).status).toBe(400);

      const exported = await client.call('GET', '/user/export');
      expect(exported.body.securityLog.map((e: Json) => e.type)).toEqual(expect.arrayContaining(['signed_in', 'totp_enabled']));
      expect(exported.body.secondFactors).toEqual([expect.objectContaining({ type: 'totp' })]);
      expect(exported.body.recoveryCodes).toHaveLength(10);
      const text = JSON.stringify(exported.body);
      expect(text).not.toMatch(/secret|code_hash|codeHash|public_?key/i);
    });
  });

  describe('passkeys', () => {
    async function withPasskey(client: Client, name?: string): Promise<{ authenticator: SoftAuthenticator; id: string }> {
      const authenticator = new SoftAuthenticator(base);
      const registration = await client.call('POST', '/auth/passkeys/registration');
      expect(registration.status).toBe(200);
      const added = await client.call('POST', '/auth/passkeys', { challenge_id: registration.body.challenge_id, credential: authenticator.register(registration.body.options), name });
      expect(added.status).toBe(201);
      return { authenticator, id: added.body.id };
    }

    async function passkeySignIn(client: Client, authenticator: SoftAuthenticator, options: { moveCounter?: boolean } = {}): Promise<{ status: number; body: Json }> {
      const ceremony = await client.call('POST', '/auth/passkeys/authentication');
      const answer = await client.call('POST', '/auth/token?grant_type=passkey', { challenge_id: ceremony.body.challenge_id, credential: authenticator.authenticate(ceremony.body.options, options) });
      if (answer.status === 200) client.access = answer.body.access_token;
      return answer;
    }

    it('registers a passkey kept with its counter, transports and backup state, and signs in with it alone at aal2', async () => {
      const { client, userId } = await account('viv@slits.example');
      const { authenticator, id } = await withPasskey(client, 'Telefon');
      const [row] = await db.query<Json>('SELECT credential_id, counter, transports, device_type, backed_up, name FROM passkeys WHERE user_id = $1', [userId]);
      expect(row).toMatchObject({ credential_id: authenticator.credentialId, counter: '0', transports: ['internal', 'hybrid'], device_type: 'multiDevice', backed_up: true, name: 'Telefon' });

      const elsewhere = new Client();
      const signedIn = await passkeySignIn(elsewhere, authenticator);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.id).toBe(userId);
      expect(claimsOf(signedIn.body.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'passkey' }] });
      expect(elsewhere.browser.cookies.has('gr_refresh')).toBe(true);
      const listed = (await client.call('GET', '/auth/passkeys')).body.passkeys;
      expect(listed).toEqual([expect.objectContaining({ id, name: 'Telefon', backed_up: true, device_type: 'multiDevice', last_used_at: expect.any(String) })]);
      expect((await db.query<Json>('SELECT counter FROM passkeys WHERE id = $1', [id]))[0].counter).toBe('1');

      // Renamed; the log says it was added and used.
      expect((await client.call('PATCH', `/auth/passkeys/${id}`, { name: 'Pixel' })).body).toMatchObject({ name: 'Pixel' });
      expect((await client.call('PATCH', `/auth/passkeys/${id}`, { name: '' })).status).toBe(400);
      const log = (await client.call('GET', '/auth/security-log')).body.events;
      expect(log.find((e: Json) => e.type === 'passkey_added').detail).toEqual({ passkey: 'Telefon' });
      expect(log.find((e: Json) => e.type === 'signed_in' && e.detail.method === 'passkey').detail).toEqual({ method: 'passkey', passkey: 'Telefon' });
    });

    it('refuses a counter that did not grow, a used challenge, and a passkey that was removed', async () => {
      const { client } = await account('tessa@slits.example');
      const { authenticator, id } = await withPasskey(client);
      expect((await passkeySignIn(new Client(), authenticator)).status).toBe(200);
      // A cloned authenticator: its counter stays where the server has already seen it.
      const cloned = await passkeySignIn(new Client(), authenticator, { moveCounter: false });
      expect(cloned.status).toBe(400);
      expect(cloned.body).toMatchObject({ code: 'invalid_passkey' });
      authenticator.counter = 0;
      expect((await passkeySignIn(new Client(), authenticator, { moveCounter: false })).status).toBe(400);

      // The same answer twice: the challenge went with the first.
      authenticator.counter = 5;
      const replayer = new Client();
      const ceremony = await replayer.call('POST', '/auth/passkeys/authentication');
      const answer = authenticator.authenticate(ceremony.body.options);
      expect((await replayer.call('POST', '/auth/token?grant_type=passkey', { challenge_id: ceremony.body.challenge_id, credential: answer })).status).toBe(200);
      expect((await replayer.call('POST', '/auth/token?grant_type=passkey', { challenge_id: ceremony.body.challenge_id, credential: answer })).status).toBe(400);

      expect((await client.call('DELETE', `/auth/passkeys/${id}`)).status).toBe(204);
      expect((await passkeySignIn(new Client(), authenticator)).body).toMatchObject({ code: 'invalid_passkey' });
      expect((await client.call('DELETE', `/auth/passkeys/${id}`)).status).toBe(404);
    });

    it('counts as the second factor: an account with the app on signs in with a passkey without a code, and confirms it is its owner with one', async () => {
      const email = 'palmolive@slits.example';
      const { client, userId } = await account(email);
      await withApp(client);
      const { authenticator } = await withPasskey(client);
      const password = await new Client().signIn(email);
      expect(password.body.factors).toEqual(['totp', 'recovery', 'passkey']);
      expect((await passkeySignIn(new Client(), authenticator)).status).toBe(200);

      await makeStale(userId);
      const ceremony = await client.call('POST', '/auth/passkeys/authentication');
      // Signed in, the options name the account's own passkeys only.
      expect(ceremony.body.options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);
      const confirmed = await client.call('POST', '/auth/reauthenticate', { passkey: { challenge_id: ceremony.body.challenge_id, credential: authenticator.authenticate(ceremony.body.options) } });
      expect(confirmed.status).toBe(200);
      expect(claimsOf(confirmed.body.access_token).amr[0].method).toBe('passkey');

      // Another account's passkey does not confirm this one.
      const { client: other } = await account('budgie@slits.example');
      const { authenticator: theirs } = await withPasskey(other);
      await makeStale(userId);
      const mine = await client.call('POST', '/auth/passkeys/authentication');
      expect((await client.call('POST', '/auth/reauthenticate', { passkey: { challenge_id: mine.body.challenge_id, credential: theirs.authenticate(mine.body.options) } })).body).toMatchObject({ code: 'invalid_passkey' });
    });
  });

  describe('passkeys (what no authenticator signed)', () => {
    it('hands out single-use challenges and refuses what no authenticator signed', async () => {
      const anyone = new Client();
      const options = await anyone.call('POST', '/auth/passkeys/authentication');
      expect(options.status).toBe(200);
      expect(options.body.options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required', allowCredentials: [] });
      const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} };
      const refused = await anyone.call('POST', '/auth/token?grant_type=passkey', { challenge_id: options.body.challenge_id, credential: forged });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_passkey' });
      for (const credential of [null, 'x', [], { id: 42 }]) {
        expect((await anyone.call('POST', '/auth/token?grant_type=passkey', { challenge_id: options.body.challenge_id, credential })).status).toBe(400);
      }
      expect((await anyone.call('POST', '/auth/token?grant_type=passkey', { challenge_id: 'nope', credential: forged })).status).toBe(400);

      const { client, userId } = await account('ari@slits.example');
      const registration = await client.call('POST', '/auth/passkeys/registration');
      expect(registration.body.options).toMatchObject({ rp: { name: 'GrouaRock', id: '127.0.0.1' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
      expect((await client.call('POST', '/auth/passkeys', { challenge_id: registration.body.challenge_id, credential: forged })).body).toMatchObject({ code: 'invalid_passkey' });
      expect((await client.call('GET', '/auth/passkeys')).body).toEqual({ passkeys: [] });
      await makeStale(userId);
      expect((await client.call('POST', '/auth/passkeys/registration')).body).toMatchObject({ code: 'reauthentication_required' });
    });
  });
});
