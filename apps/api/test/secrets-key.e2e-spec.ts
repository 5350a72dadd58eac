import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WebhooksService } from '../src/webhooks/webhooks.service';
import { SecretBox } from '../src/core/security/secret-box';
import { newWebhookSecret } from '../src/webhooks/webhook-secrets';
import { signedInMember, startListeningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { until } from './support/icecast';
import { sealedTheOldWay } from './support/legacy-webhook-secret';

const JWT_1 = 'jwt-secret-number-one-that-is-long-enough-0123';
const JWT_2 = 'jwt-secret-number-two-that-is-long-enough-0123';
const KEY_1 = 'secrets-key-number-one-that-is-long-enough-0123';
const KEY_2 = 'secrets-key-number-two-that-is-long-enough-0123';


/**
 * Webhook secrets are sealed with SECRETS_KEY, apart from JWT_SECRET: secrets an older version sealed under JWT_SECRET
 * are sealed again at boot, after which JWT_SECRET can change and every endpoint still gets signed deliveries; and
 * SECRETS_KEY itself rotates as `new,old`. Each step is a restart of the API on the same database.
 */
describe('SECRETS_KEY: webhook secrets outlive a change of JWT_SECRET', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication | undefined;
  let base = '';
  let receiver: Server;
  let hookUrl = '';
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => receiver.close(resolve));
    await db?.drop();
  });

  const start = async (env: { JWT_SECRET: string; SECRETS_KEY: string }) => {
    await app?.close();
    const started = await startListeningApp(db.url, { ...env, WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32', WEBHOOK_RETRY_SCHEDULE: '0' });
    app = started.app;
    base = `${started.base}/api/v1`;
  };
  const sealedOf = async (id: string) => (await db.query<{ current: string; previous: string | null }>('SELECT secret_enc AS current, previous_secret_enc AS previous FROM webhook_endpoints WHERE id = $1', [id]))[0];
  /** Pings the endpoint and returns the secrets its signature header verifies with (the event must verify with `secrets[0]`). */
  const pingVerifies = async (userId: string, id: string, secrets: string[]) => {
    const { messageId } = await app!.get(WebhooksService).test(userId, id);
    const got = await until(async () => received.find((r) => r.headers['webhook-id'] === messageId), 'the ping', 10_000);
    return secrets.filter((secret) => {
      try {
        return (new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string }).type === 'ping';
      } catch {
        return false;
      }
    });
  };

  it('seals new secrets with SECRETS_KEY, seals the old ones again at boot, and signs with all of them after JWT_SECRET and SECRETS_KEY change; one whose key was lost signs again once rotated', async () => {
    await start({ JWT_SECRET: JWT_1, SECRETS_KEY: KEY_1 });
    const member = await signedInMember({ db, app: app!, base }, '198.18.26.1');

    // Made by this version: sealed with SECRETS_KEY.
    const created = await fetch(`${base}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'x-forwarded-for': '198.18.26.1' },
      body: JSON.stringify({ url: hookUrl, events: ['now_playing'] }),
    });
    const fresh = (await created.json()) as { id: string; secret: string };
    expect((await sealedOf(fresh.id)).current).toMatch(/^v2\./);

    // Made by an older version, rotated there a moment ago: both secrets sealed under JWT_SECRET.
    const [oldSecret, olderSecret] = [newWebhookSecret(), newWebhookSecret()];
    const [{ id: legacyId }] = await db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (user_id, url, events, secret_enc, previous_secret_enc, previous_secret_until) VALUES ($1, $2, '{now_playing}', $3, $4, now() + interval '1 day') RETURNING id`,
      [member.id, hookUrl, sealedTheOldWay(oldSecret, JWT_1), sealedTheOldWay(olderSecret, JWT_1)],
    );

    // The upgrade's boot seals them again with SECRETS_KEY; they still deliver.
    await start({ JWT_SECRET: JWT_1, SECRETS_KEY: KEY_1 });
    const resealed = await sealedOf(legacyId);
    expect([resealed.current, resealed.previous]).toEqual([expect.stringMatching(/^v2\./), expect.stringMatching(/^v2\./)]);
    expect(await pingVerifies(member.id, legacyId, [oldSecret, olderSecret])).toEqual([oldSecret, olderSecret]);

    // JWT_SECRET changes: sessions end, webhooks do not notice.
    await start({ JWT_SECRET: JWT_2, SECRETS_KEY: KEY_1 });
    expect(await pingVerifies(member.id, legacyId, [oldSecret, olderSecret])).toEqual([oldSecret, olderSecret]);
    expect(await pingVerifies(member.id, fresh.id, [fresh.secret])).toEqual([fresh.secret]);

    // SECRETS_KEY rotates: new,old seals everything again with the new key, after which the old one can go.
    await start({ JWT_SECRET: JWT_2, SECRETS_KEY: `${KEY_2},${KEY_1}` });
    const [before, after] = [resealed.current, (await sealedOf(legacyId)).current];
    expect(after.split('.')[1]).not.toBe(before.split('.')[1]);
    await start({ JWT_SECRET: JWT_2, SECRETS_KEY: KEY_2 });
    expect(await pingVerifies(member.id, legacyId, [oldSecret, olderSecret])).toEqual([oldSecret, olderSecret]);
    expect(await pingVerifies(member.id, fresh.id, [fresh.secret])).toEqual([fresh.secret]);

    // A secret sealed with a key that was lost opens no more; rotating it gives the endpoint signed deliveries again.
    const [{ id: lostId }] = await db.query<{ id: string }>(`INSERT INTO webhook_endpoints (user_id, url, events, secret_enc) VALUES ($1, $2, '{now_playing}', $3) RETURNING id`, [
      member.id,
      hookUrl,
      new SecretBox(['a-key-nobody-kept-that-is-long-enough-0123'], 'webhook secrets').seal(newWebhookSecret()),
    ]);
    const { secret: rotated } = await app!.get(WebhooksService).rotate(member.id, lostId);
    expect(await pingVerifies(member.id, lostId, [rotated])).toEqual([rotated]);
  }, 60_000);
});
