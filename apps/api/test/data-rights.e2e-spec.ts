import { useApiUnderTest } from './support/app';
import { membersOf } from './support/members';
import { FakeStripe } from './support/fake-stripe';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

describe('data rights: export, delete and anonymize, through a session or a full-access key', () => {
  const stripe = new FakeStripe();
  beforeAll(() => stripe.start());
  afterAll(() => stripe.stop());
  const api = useApiUnderTest(() => ({ ...stripe.env(), WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' }));
  beforeAll(() => {
    stripe.webhookUrl = `${api.base}/billing/webhook`;
  });

  const members = membersOf(api, '198.18.15');
  const { call } = members;
  /** A member with a bit of everything: keys, a public playlist, a like, a webhook. */
  const member = async () => {
    const who = await members.member();
    const full = (await call('POST', '/developer/keys', who.token, { name: 'full', scope: 'full-access' })).body.key as string;
    const readOnly = (await call('POST', '/developer/keys', who.token, { name: 'ro' })).body.key as string;
    const playlist = (await call('POST', '/user/playlists', full, { name: 'Mój publiczny punk', isPublic: true, items: [{ type: 'station', id: 'antyradio' }] })).body.id as string;
    expect((await call('PUT', '/radio/antyradio/like', full)).status).toBe(200);
    const webhook = (await call('POST', '/webhooks', full, { url: 'http://127.0.0.1:9/hooks', events: ['stream_started'] })).body as { id: string; secret: string };
    return { ...who, full, readOnly, playlist, webhook };
  };

  it('exports everything we hold as one JSON file, without any hash, secret or token', async () => {
    const who = await member();
    expect((await call('GET', '/user/export', who.readOnly)).status).toBe(403);
    const res = await call('GET', '/user/export', who.full);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="grouarock-data.json"');
    expect(res.body).toMatchObject({
      format: 'grouarock-export/1',
      account: { id: who.id, email: who.email },
      likedStations: [{ stationId: 'antyradio' }],
      playlists: [{ id: who.playlist, name: 'Mój publiczny punk', items: [{ position: 0, stationId: 'antyradio', trackId: null }] }],
      apiKeys: [expect.objectContaining({ name: 'full', scope: 'full-access' }), expect.objectContaining({ name: 'ro' })],
      webhooks: [{ id: who.webhook.id, url: 'http://127.0.0.1:9/hooks', events: ['stream_started'], status: 'active' }],
      sessions: [expect.objectContaining({ endedAt: null })],
    });
    const secrets = [
      ...(await api.db.query('SELECT password_hash FROM users WHERE id = $1', [who.id])).map((r: Json) => r.password_hash),
      ...(await api.db.query('SELECT hash FROM api_keys WHERE user_id = $1', [who.id])).map((r: Json) => r.hash),
      ...(await api.db.query('SELECT secret_enc FROM webhook_endpoints WHERE user_id = $1', [who.id])).map((r: Json) => r.secret_enc),
      ...(await api.db.query('SELECT t.token_hash FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE s.user_id = $1', [who.id])).map((r: Json) => r.token_hash),
      who.webhook.secret,
      who.full,
      who.token,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    for (const secret of secrets) expect(res.text.includes(secret)).toBe(false);
    // No field of it is a password, hash or secret of any kind (a sign-in's method in the security log may say "password").
    const fields: string[] = [];
    JSON.parse(res.text, (key, value) => (fields.push(key), value));
    expect(fields.filter((key) => /password|hash|secret|sealed|public_?key/i.test(key))).toEqual([]);
    expect(res.text).not.toMatch(/token_hash|secret/i);
  });

  it('deletes the personal data at once: the subscription is cancelled, keys, sessions and webhooks stop, billing records stay', async () => {
    const who = await member();
    const checkout = await call('POST', '/billing/checkout', who.token, { planType: 'premium' });
    const session = stripe.sessions.get(checkout.body.url.split('/').pop())!;
    for (const event of stripe.completeCheckout(session.id)) expect((await stripe.deliver(event)).status).toBe(200);
    expect((await call('GET', '/me/entitlements', who.token)).body.plan).toBe('premium');

    expect((await call('DELETE', '/user/data', who.full, {})).status).toBe(400);
    expect((await call('DELETE', '/user/data', who.full, { confirm: 'yes' })).status).toBe(400);
    expect((await call('DELETE', '/user/data', who.readOnly, { confirm: 'DELETE' })).status).toBe(403);
    const deleted = await call('DELETE', '/user/data', who.full, { confirm: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ status: 'deleted', subscriptionsCancelled: 1 });

    expect(stripe.canceled).toEqual([session.subscription]);
    for (const credential of [who.full, who.readOnly, who.token]) expect((await call('GET', '/auth/user', credential)).status).toBe(401);
    const signIn = await call('POST', '/auth/token?grant_type=password', undefined, { email: who.email, password: 'riff-raff-123' });
    expect(signIn.status).toBe(400);
    const [user] = await api.db.query('SELECT email, password_hash, username, display_name, deleted_at FROM users WHERE id = $1', [who.id]);
    expect(user).toMatchObject({ email: null, password_hash: null, username: null, display_name: null, deleted_at: expect.any(Date) });
    for (const table of ['api_keys', 'webhook_endpoints', 'sessions', 'playlists', 'station_likes']) {
      expect([table, (await api.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [who.id]))[0].n]).toEqual([table, 0]);
    }
    const [subscription] = await api.db.query('SELECT status FROM billing_subscriptions WHERE user_id = $1', [who.id]);
    expect(subscription.status).toBe('canceled');
    expect((await call('GET', `/playlists/${who.playlist}`)).status).toBe(404);
    const audit = await api.db.query('SELECT action, via FROM privacy_audit WHERE user_id = $1', [who.id]);
    expect(audit).toEqual([{ action: 'delete', via: expect.stringMatching(/^key:/) }]);
  });

  it('anonymizes: signing in ends, the public playlist stays under an anonymous name, the audit keeps no email', async () => {
    const who = await member();
    expect((await call('POST', '/user/anonymize', who.token, {})).status).toBe(400);
    const res = await call('POST', '/user/anonymize', who.token, { confirm: 'ANONYMIZE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'anonymized', name: expect.stringMatching(/^anon-[0-9a-z]{8}$/) });
    const playlist = await call('GET', `/playlists/${who.playlist}`);
    expect(playlist.body).toMatchObject({ name: 'Mój publiczny punk', ownerName: res.body.name });
    for (const credential of [who.full, who.token]) expect((await call('GET', '/auth/user', credential)).status).toBe(401);
    expect((await call('POST', '/auth/token?grant_type=password', undefined, { email: who.email, password: 'riff-raff-123' })).status).toBe(400);
    expect((await api.db.query('SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1', [who.id]))[0].n).toBe(0);
    expect((await api.db.query('SELECT count(*)::int AS n FROM station_likes WHERE user_id = $1', [who.id]))[0].n).toBe(1);
    const audit = await api.db.query('SELECT * FROM privacy_audit WHERE user_id = $1', [who.id]);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(who.email);
  });

  it('lets an account export at most 5 times an hour', async () => {
    const who = await member();
    for (let i = 0; i < 5; i++) expect((await call('GET', '/user/export', who.token)).status).toBe(200);
    const refused = await call('GET', '/user/export', who.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});
