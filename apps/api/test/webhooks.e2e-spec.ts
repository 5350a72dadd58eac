import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WebhookDeliveries } from '../src/webhooks/webhook-deliveries.service';
import { WebhookOutbox } from '../src/webhooks/webhook-outbox.service';
import { newWebhookSecret } from '../src/webhooks/webhook-secrets';
import { TracksService } from '../src/radio/tracks.service';
import { signedInMember, startListeningApp, useApiUnderTest } from './support/app';
import { membersOf } from './support/members';
import { createTestDatabase, type TestDatabase } from './support/database';
import { until } from './support/icecast';
import { SmtpReceiver } from './support/smtp-receiver';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/**
 * A webhook receiver on loopback that answers with `answers` in turn (the last one again), keeping what it got. Global
 * events go to every subscribed endpoint, the earlier tests' too: `clear(path)` keeps only what reaches one path.
 */
class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [200];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (this.path && req.url !== this.path) {
          res.writeHead(200).end('ok');
          return;
        }
        const answered = this.answers[Math.min(this.received.length, this.answers.length - 1)];
        this.received.push({ path: req.url ?? '', headers: req.headers, body, answered });
        res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered === 200 ? 'ok' : 'not now');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Forgets what arrived, and from now on keeps only what arrives at `path`. */
  only(path: string): void {
    this.received.length = 0;
    this.path = path;
  }

  private path = '';

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('webhooks: Standard Webhooks deliveries with retries, disabling, rotation and SSRF checks', () => {
  const smtp = new SmtpReceiver();
  let smtpUrl = '';
  beforeAll(async () => {
    smtpUrl = await smtp.start();
  });
  afterAll(() => smtp.stop());
  const api = useApiUnderTest(() => ({ SMTP_URL: smtpUrl, WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32', WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1' }));
  const receiver = new Receiver();
  let receiverUrl = '';
  let hookUrl = '';
  let test = 0;
  beforeAll(async () => {
    receiverUrl = await receiver.start();
  });
  afterAll(() => receiver.stop());
  beforeEach(() => {
    hookUrl = `${receiverUrl}/${++test}`;
    receiver.only(new URL(hookUrl).pathname);
    receiver.answers = [200];
  });

  const members = membersOf(api, '198.18.14');
  const { call } = members;
  const member = async () => {
    const who = await members.member();
    // The polls below would soon spend a Free plan's 50-request burst.
    await api.db.query(`INSERT INTO api_plan_grants (user_id, plan) VALUES ($1, 'business')`, [who.id]);
    const key = (await call('POST', '/developer/keys', who.token, { name: 'hooks', scope: 'full-access' })).body.key as string;
    members.callsFrom(key, who.ip);
    return { ...who, key };
  };
  const play = (title: string) => api.app.get(TracksService).record('antyradio', 'Dezerter', title);
  const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Json;

  it('delivers a signed event; a receiver failing three times then answering gets it once, and the log shows every try', async () => {
    const who = await member();
    const created = await call('POST', '/webhooks', who.key, { url: hookUrl, events: ['now_playing'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: hookUrl, events: ['now_playing'], status: 'active', secret: expect.stringMatching(/^whsec_/) });
    expect(JSON.stringify((await call('GET', '/webhooks', who.key)).body)).not.toContain(created.body.secret);
    const [stored] = await api.db.query('SELECT secret_enc FROM webhook_endpoints WHERE id = $1', [created.body.id]);
    expect(stored.secret_enc).not.toContain(created.body.secret.slice(6, 26));

    receiver.answers = [500, 500, 503, 200];
    expect(await play(`Spytaj milicjanta ${Date.now()}`)).toBe(true);
    await until(async () => (receiver.received.length >= 4 ? true : undefined), 'four tries', 20_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 503, 200]);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of receiver.received) {
      const event = verify(created.body.secret, r);
      expect(event).toMatchObject({ type: 'now_playing', timestamp: expect.any(String), data: { stationId: 'antyradio', artist: 'Dezerter' } });
    }
    const log = await call('GET', `/webhooks/${created.body.id}/attempts`, who.key);
    expect(log.body.attempts.map((a: Json) => [a.n, a.statusCode, a.deliveryStatus])).toEqual([
      [4, 200, 'succeeded'],
      [3, 503, 'succeeded'],
      [2, 500, 'succeeded'],
      [1, 500, 'succeeded'],
    ]);
    expect((await call('GET', `/webhooks/${created.body.id}`, who.key)).body).toMatchObject({ status: 'active', failingSince: null });
  }, 40_000);

  it('disables an endpoint that answers 410, tells its owner, and sends again once it is enabled', async () => {
    const who = await member();
    const { body: hook } = await call('POST', '/webhooks', who.key, { url: hookUrl, events: ['now_playing'] });
    receiver.answers = [410];
    await play(`Plakat ${Date.now()}`);
    await until(async () => ((await call('GET', `/webhooks/${hook.id}`, who.key)).body.status === 'disabled' ? true : undefined), 'the endpoint disabled', 10_000);
    expect((await call('GET', `/webhooks/${hook.id}`, who.key)).body).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    // The first mail to a new member is its sign-up confirmation.
    expect((await smtp.next(who.email)).subject).toBe('Potwierdź swój email w GrouaRock');
    const mail = await smtp.next(who.email);
    expect(mail.subject).toBe('Wyłączyliśmy Twój webhook');
    expect(mail.text).toContain(hookUrl);
    expect(receiver.received).toHaveLength(1);

    await play(`Ku przyszłości ${Date.now()}`);
    await new Promise((r) => setTimeout(r, 2000));
    expect(receiver.received).toHaveLength(1);
    expect((await call('POST', `/webhooks/${hook.id}/test`, who.key)).status).toBe(409);

    receiver.answers = [200];
    expect((await call('POST', `/webhooks/${hook.id}/enable`, who.key)).body.status).toBe('active');
    const ping = await call('POST', `/webhooks/${hook.id}/test`, who.key);
    expect(ping.status).toBe(202);
    await until(async () => (receiver.received.some((r) => r.headers['webhook-id'] === ping.body.messageId) ? true : undefined), 'the ping', 10_000);
    expect(verify(hook.secret, receiver.received.at(-1)!)).toMatchObject({ type: 'ping', data: { webhookId: hook.id } });
  }, 30_000);

  it('retries a failed message by hand, and signs with both secrets for a day after a rotation', async () => {
    const who = await member();
    const { body: hook } = await call('POST', '/webhooks', who.key, { url: hookUrl, events: ['now_playing'] });
    receiver.answers = [500];
    await play(`Nie ma zagrożenia ${Date.now()}`);
    await until(async () => ((await call('GET', `/webhooks/${hook.id}/attempts`, who.key)).body.attempts[0]?.deliveryStatus === 'failed' ? true : undefined), 'the schedule to end', 20_000);
    const attempts = (await call('GET', `/webhooks/${hook.id}/attempts`, who.key)).body.attempts;
    expect(attempts).toHaveLength(5);
    expect((await call('GET', `/webhooks/${hook.id}`, who.key)).body.failingSince).not.toBeNull();

    const rotated = await call('POST', `/webhooks/${hook.id}/rotate-secret`, who.key);
    expect(rotated).toMatchObject({ status: 200, body: { secret: expect.stringMatching(/^whsec_/) } });
    receiver.answers = [200];
    const before = receiver.received.length;
    const retried = await call('POST', `/webhooks/${hook.id}/messages/${attempts[0].messageId}/retry`, who.key);
    expect(retried.status).toBe(202);
    await until(async () => (receiver.received.length > before ? true : undefined), 'the retry', 10_000);
    const last = receiver.received.at(-1)!;
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.body.secret, last)).toMatchObject({ type: 'now_playing' });
    expect(verify(hook.secret, last)).toMatchObject({ type: 'now_playing' });
    await until(async () => ((await call('GET', `/webhooks/${hook.id}`, who.key)).body.failingSince === null ? true : undefined), 'healthy again', 5000);
    expect((await call('POST', `/webhooks/${hook.id}/messages/msg_000000000nope/retry`, who.key)).status).toBe(404);
  }, 40_000);

  it('sends account events to the account’s own endpoints only, and keeps endpoints private to their owner', async () => {
    const owner = await member();
    const other = await member();
    const { body: mine } = await call('POST', '/webhooks', owner.key, { url: hookUrl, events: ['track_ready'] });
    for (const [method, url] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/rotate-secret'], ['POST', '/enable'], ['POST', '/test'], ['GET', '/attempts']]) {
      const res = await call(method, `/webhooks/${mine.id}${url}`, other.key, method === 'PATCH' ? { events: ['now_playing'] } : undefined);
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    expect((await call('GET', '/webhooks', other.key)).body.webhooks).toEqual([]);
    // The other account's endpoint for track_ready does not get the owner's track.
    const { body: theirs } = await call('POST', '/webhooks', other.key, { url: `${hookUrl}`, events: ['track_ready'] });
    const messageId = await api.app.get(WebhookOutbox).publish('track_ready', { task_id: 'g-1', tracks: [] }, owner.id);
    await until(async () => (receiver.received.length ? true : undefined), 'the delivery', 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.map((r) => [r.headers['webhook-id'], verify(mine.secret, r).type])).toEqual([[messageId, 'track_ready']]);
    expect((await call('GET', `/webhooks/${theirs.id}/attempts`, other.key)).body.attempts).toEqual([]);
    const readOnly = (await call('POST', '/developer/keys', owner.token, { name: 'ro' })).body.key;
    expect((await call('GET', '/webhooks', readOnly)).status).toBe(403);
    for (const body of [{ url: hookUrl, events: [] }, { url: hookUrl, events: ['everything'] }, { url: hookUrl }, { url: 'not a url', events: ['now_playing'] }]) {
      expect([body, (await call('POST', '/webhooks', owner.key, body)).status]).toEqual([body, body.url === 'not a url' ? 422 : 400]);
    }
    expect((await call('DELETE', `/webhooks/${mine.id}`, owner.key)).status).toBe(204);
  });

  it('refuses URLs that are not https, carry credentials, or reach private, loopback or link-local addresses', async () => {
    const who = await member();
    for (const url of ['ftp://example.com/x', 'http://user:pw@127.0.0.1/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://100.100.100.200/x', 'http://[::1]/x', 'http://[fd00::1]/x', 'http://0.0.0.0/x']) {
      const res = await call('POST', '/webhooks', who.key, { url, events: ['now_playing'] });
      expect([url, res.status, res.body.code]).toEqual([url, 422, 'webhook_url_refused']);
    }
  });

  describe('without the allow-list', () => {
    let db: TestDatabase;
    let app: NestFastifyApplication;
    let base = '';
    beforeAll(async () => {
      db = await createTestDatabase();
      const started = await startListeningApp(db.url, { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_RETRY_SCHEDULE: '0' });
      app = started.app;
      base = `${started.base}/api/v1`;
    });
    afterAll(async () => {
      await app?.close();
      await db?.drop();
    });

    it('refuses a name that resolves to 127.0.0.1 at creation, and again at connection (a name that changed since)', async () => {
      const who = await signedInMember({ db, app, base }, '198.18.14.200');
      const headers = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', 'x-forwarded-for': '198.18.14.200' };
      const localhost = hookUrl.replace('127.0.0.1', 'localhost');
      const refused = await fetch(`${base}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: localhost, events: ['now_playing'] }) });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as Json).message).toContain('not a public address');

      // As if the name had resolved to a public address when it was made: the connection is still refused.
      const sealed = app.get(WebhookDeliveries).box.seal(newWebhookSecret());
      const [{ id }] = await db.query(`INSERT INTO webhook_endpoints (user_id, url, events, secret_enc) VALUES ($1, $2, '{now_playing}', $3) RETURNING id`, [who.id, localhost, sealed]);
      await app.get(TracksService).record('antyradio', 'KSU', `Moje Bieszczady ${Date.now()}`).catch(() => undefined);
      await until(async () => ((await db.query('SELECT error FROM webhook_attempts WHERE endpoint_id = $1', [id]))[0] ? true : undefined), 'the attempt', 10_000);
      const [attempt] = await db.query('SELECT error, status_code FROM webhook_attempts WHERE endpoint_id = $1', [id]);
      expect(attempt).toEqual({ error: 'blocked_address', status_code: null });
      expect(receiver.received).toHaveLength(0);
    });
  });
});
