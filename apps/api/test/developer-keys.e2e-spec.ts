import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { isWellFormedApiKey, newApiKey } from '../src/core/security/api-key-format';
import { hashToken } from '../src/core/security/secrets';
import { ApiKeyFailures } from '../src/developer/api-key-failures';
import { type KeyTakeRow, keyTakesOf } from '../src/repositories/rate-limit-store';
import { useApiUnderTest } from './support/app';
import { membersOf } from './support/members';
import { startServerProcess } from './support/server-process';

const DAY = 86_400_000;

describe('developer platform: API keys, scopes and the per-plan limits shared by every API process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-developer-'));
  const api = useApiUnderTest(() => ({ DATA_DIR: dataDir }));
  let other: { base: string; stop: () => Promise<void> };
  beforeAll(async () => {
    other = await startServerProcess(api.db.url, dataDir);
  }, 60_000);
  afterAll(async () => {
    await other?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const { member, call, callsFrom } = membersOf(api, '198.18.11');
  const newKey = async (session: string, scope?: string, name = 'bench bot') => {
    const res = await call('POST', '/developer/keys', session, { name, ...(scope ? { scope } : {}) });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string; start: string; scope: string };
  };

  it('makes a key shown once, lists it by its start only, notes its use, and revokes it for the very next request', async () => {
    const who = await member();
    const res = await call('POST', '/developer/keys', who.token, { name: '  Mój bot  ', scope: 'full-access' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ name: 'Mój bot', scope: 'full-access', lastUsedAt: null });
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(90 * DAY);
    expect(res.body.key).toMatch(/^grk_[0-9A-Za-z]{49}$/);
    expect(res.body.start).toBe(res.body.key.slice(0, 12));
    const [stored] = await api.db.query('SELECT hash, start FROM api_keys WHERE id = $1', [res.body.id]);
    expect(stored.hash).not.toContain(res.body.key.slice(4, 20));

    const me = await call('GET', '/auth/user', res.body.key);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(who.id);
    const list = await call('GET', '/developer/keys', who.token);
    expect(list.body.maxActive).toBe(10);
    expect(list.body.keys).toEqual([expect.objectContaining({ id: res.body.id, start: res.body.start, lastUsedAt: expect.any(String) })]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);

    expect((await call('DELETE', `/developer/keys/${res.body.id}`, who.token)).status).toBe(204);
    const after = await call('GET', '/auth/user', res.body.key);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('invalid_api_key');
    expect(after.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await call('DELETE', `/developer/keys/${res.body.id}`, who.token)).status).toBe(404);
    expect((await call('GET', '/developer/keys', who.token)).body.keys).toEqual([]);
  });

  it('makes keys that live 30, 90 (unless asked otherwise) or 365 days, or for good, and refuses any other lifetime', async () => {
    const who = await member();
    for (const [expiresInDays, days] of [[30, 30], [90, 90], [365, 365], [undefined, 90], [null, null]] as const) {
      const res = await call('POST', '/developer/keys', who.token, { name: `lives ${String(expiresInDays)}`, ...(expiresInDays === undefined ? {} : { expiresInDays }) });
      expect(res.status).toBe(201);
      expect([expiresInDays, res.body.expiresAt === null ? null : (Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)) / DAY]).toEqual([expiresInDays, days]);
      const [stored] = await api.db.query(`SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM api_keys WHERE id = $1`, [res.body.id]);
      expect(stored.days === null ? null : Number(stored.days)).toBe(days);
      expect((await call('GET', '/radio/stations', res.body.key)).status).toBe(200);
    }
    const listed = (await call('GET', '/developer/keys', who.token)).body.keys as { name: string; expiresAt: string | null }[];
    expect(listed.find((k) => k.name === 'lives null')?.expiresAt).toBeNull();
    expect(listed.filter((k) => k.expiresAt !== null)).toHaveLength(4);
    for (const expiresInDays of [0, 7, 31, -30, 1.5, '30', 'never', true, [], {}]) {
      const res = await call('POST', '/developer/keys', who.token, { name: 'bad lifetime', expiresInDays });
      expect([expiresInDays, res.status, res.headers.get('content-type'), res.body.fields]).toEqual([expiresInDays, 400, expect.stringContaining('application/json'), ['expiresInDays']]);
    }
    expect(await api.db.query(`SELECT 1 FROM api_keys WHERE name = 'bad lifetime'`)).toEqual([]);
  });

  it('refuses an expired key with 401 at once, lists it as expired for 30 days, and does not count it among the 10 active', async () => {
    const who = await member();
    const expired = await newKey(who.token, 'full-access', 'expired');
    expect((await call('GET', '/auth/user', expired.key)).status).toBe(200);
    await api.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    for (const url of ['/auth/user', '/radio/stations']) {
      const res = await call('GET', url, expired.key);
      expect([url, res.status, res.body.code, res.headers.get('www-authenticate')]).toEqual([url, 401, 'invalid_api_key', 'Bearer error="invalid_token"']);
    }
    const listed = (await call('GET', '/developer/keys', who.token)).body.keys;
    expect(listed).toEqual([expect.objectContaining({ id: expired.id, expiresAt: expect.any(String) })]);
    expect(Date.parse(listed[0].expiresAt)).toBeLessThan(Date.now());
    const more = await Promise.all(Array.from({ length: 10 }, (_, i) => call('POST', '/developer/keys', who.token, { name: `k${i}` })));
    expect(more.map((r) => r.status)).toEqual(Array(10).fill(201));
    await api.db.query(`UPDATE api_keys SET expires_at = now() - interval '30 days 1 second' WHERE id = $1`, [expired.id]);
    const later = (await call('GET', '/developer/keys', who.token)).body.keys as { id: string }[];
    expect([later.length, later.some((k) => k.id === expired.id)]).toEqual([10, false]);
  });

  it('answers 429 to every key from an address with more than 20 failed key authentications in a minute, until the minute ends', async () => {
    const who = await member();
    const { key } = await newKey(who.token);
    const guesser = '198.18.17.1';
    const bases = [api.base, `${other.base}/api/v1`];
    // Unknown keys of the right shape, and malformed ones (their checksum fails): both are failures.
    const bad = Array.from({ length: 21 }, (_, i) => (i % 2 ? newApiKey() : `grk_${String(i).padStart(2, '0')}${'x'.repeat(47)}`));
    expect(bad.map(isWellFormedApiKey)).toEqual(bad.map((_, i) => i % 2 === 1));
    for (const token of [...bad, key]) callsFrom(token, guesser);
    const statuses: number[] = [];
    for (const [i, token] of bad.entries()) {
      statuses.push((await call('GET', `${bases[i % 2]}/radio/stations`, token)).status);
      // Successes in between are not counted, and forgive nothing.
      if (i === 9) for (let j = 0; j < 5; j++) expect((await call('GET', `${bases[j % 2]}/radio/stations`, key)).status).toBe(200);
    }
    expect(statuses).toEqual(Array(ApiKeyFailures.perAddress + 1).fill(401));
    for (const [url, token] of [['/auth/user', key], ['/radio/stations', key], ['/auth/user', newApiKey()]] as const) {
      callsFrom(token, guesser);
      for (const base of bases) {
        const res = await call('GET', `${base}${url}`, token);
        expect([url, res.status, res.body.code, res.body.statusCode, res.headers.get('content-type')]).toEqual([url, 429, 'rate_limited', 429, expect.stringContaining('application/json')]);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
    }
    // The refused requests took nothing of the plan: only the five that passed did.
    const [{ count }] = await api.db.query('SELECT count FROM api_usage_month WHERE account_id = $1', [who.id]);
    expect(Number(count)).toBe(5);
    // Another address, and a session from the same address, are unaffected.
    const fromElsewhere = await fetch(`${api.base}/radio/stations`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': '198.18.17.2' } });
    expect(fromElsewhere.status).toBe(200);
    const session = await fetch(`${api.base}/auth/user`, { headers: { authorization: `Bearer ${who.token}`, 'x-forwarded-for': guesser } });
    expect(session.status).toBe(200);
    // Once the window has ended, the address's keys are looked at again.
    await api.db.query(`UPDATE throttle_hits SET expires_at = now() WHERE key = $1`, [`api-key-failures:address:${guesser}`]);
    expect((await call('GET', '/radio/stations', key)).status).toBe(200);
  });

  it('refuses bad names and scopes, another user’s key id, and keys for anonymous sessions', async () => {
    const who = await member();
    for (const body of [{ name: '' }, { name: 'x'.repeat(65) }, { name: 'a\u0007b' }, { name: 'ok', scope: 'admin' }, { name: 'ok', extra: 1 }]) {
      expect((await call('POST', '/developer/keys', who.token, body)).status).toBe(400);
    }
    const key = await newKey(who.token);
    const stranger = await member();
    expect((await call('DELETE', `/developer/keys/${key.id}`, stranger.token)).status).toBe(404);
    expect((await call('DELETE', '/developer/keys/not-a-uuid', stranger.token)).status).toBe(400);
    const anonymous = await call('POST', '/auth/anonymous');
    expect((await call('POST', '/developer/keys', anonymous.body.access_token, { name: 'x' })).status).toBe(403);
  });

  it('allows 10 active keys per account even when 14 are asked for at once', async () => {
    const who = await member();
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => call('POST', '/developer/keys', who.token, { name: `k${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(4).fill('too_many_keys'));
    expect((await call('GET', '/developer/keys', who.token)).body.keys).toHaveLength(10);
  });

  it('lets a read-only key only read, keeps keys away from session-only routes and URLs, and off the socket', async () => {
    const who = await member();
    const readOnly = await newKey(who.token, 'read-only');
    const full = await newKey(who.token, 'full-access');
    expect((await call('GET', '/radio/stations', readOnly.key)).status).toBe(200);
    const write = await call('POST', '/stream/create', readOnly.key, { title: 'x', genre: 'rock' });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('insufficient_scope');
    expect(write.headers.get('www-authenticate')).toContain('insufficient_scope');
    expect((await call('PUT', '/radio/any-station/like', readOnly.key)).status).toBe(403);
    for (const [method, url] of [['GET', '/developer/keys'], ['POST', '/auth/logout'], ['PUT', '/auth/user']]) {
      const res = await call(method, url, full.key, method === 'PUT' ? { display_name: 'x' } : undefined);
      expect([url, res.status, res.body.code]).toEqual([url, 403, 'session_required']);
    }
    const inUrl = await call('GET', `/radio/stations?api_key=${readOnly.key}`);
    expect([inUrl.status, inUrl.body.code]).toEqual([400, 'api_key_in_url']);
    const socket = new WebSocket(`${api.base.replace('http', 'ws')}/realtime?token=${full.key}`);
    const refused = await new Promise<number>((resolve) => socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(refused).toBe(401);
  });

  it('gives a Free account exactly 50 of 200 requests sent at once through two API processes, then 429 with Retry-After up to 6', async () => {
    const who = await member();
    const { key } = await newKey(who.token);
    const bases = [api.base, `${other.base}/api/v1`];
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => call('GET', `${bases[i % 2]}/radio/stations`, key)));
    const tookSeconds = (Date.now() - started) / 1000;
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect([ok.length, limited.length]).toEqual([50, 150]);
    expect(ok[0].headers.get('ratelimit-policy')).toBe('"minute";q=10;w=60;grk-burst=50, "month";q=1000;w=2592000');
    // A token comes back every 6 s: the first request refused waits 6 s less the time the burst took to be served
    // (about none on a quiet machine, a second or so on a loaded one), one refused a moment later a little less.
    const waits = limited.map((r) => Number(r.headers.get('retry-after')));
    expect(Math.max(...waits)).toBeLessThanOrEqual(6);
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(Math.floor(6 - tookSeconds));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(Math.floor(4 - tookSeconds));
    for (const r of limited) expect(r.headers.get('ratelimit')).toBe(`"minute";r=0;t=${r.headers.get('retry-after')}, "month";r=950;t=0`);
    const first = limited[waits.indexOf(Math.max(...waits))];
    expect(first.headers.get('content-type')).toContain('application/problem+json');
    expect(first.body).toMatchObject({
      type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
      status: 429,
      statusCode: 429,
      code: 'quota_exceeded',
      'violated-policies': ['minute'],
    });
    const [{ count }] = await api.db.query('SELECT count FROM api_usage_month WHERE account_id = $1', [who.id]);
    expect(Number(count)).toBe(50);
  });

  it('lets exactly the requests left through when more of one key come at once to one process than are left', async () => {
    // The process takes a key's concurrent requests together (docs/request-path.md, step 8): one statement for many,
    // answered as if one after another. 3 of the burst left and 24 requests at once, each from its own address.
    const who = await member();
    const { key } = await newKey(who.token);
    expect((await call('GET', '/radio/stations', key)).status).toBe(200);
    await api.db.query(`UPDATE api_rate_state SET tat = clock_timestamp() + interval '282 seconds' WHERE account_id = $1`, [who.id]);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => fetch(`${api.base}/radio/stations`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': `198.18.19.${i + 1}` } })),
    );
    const statuses = results.map((r) => r.status);
    expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length]).toEqual([3, 21]);
    // Each admitted request hears what its own take left: 2, 1, then none (and when the next comes back).
    const remaining = results.filter((r) => r.status === 200).map((r) => (r.headers.get('ratelimit') ?? '').replace(/;t=[1-6],/, ';t=next,'));
    expect(remaining.sort()).toEqual(['"minute";r=0;t=next, "month";r=996;t=0', '"minute";r=1;t=0, "month";r=997;t=0', '"minute";r=2;t=0, "month";r=998;t=0']);
    const [{ count }] = await api.db.query('SELECT count FROM api_usage_month WHERE account_id = $1', [who.id]);
    expect(Number(count)).toBe(4);
    await Promise.all(results.map((r) => r.arrayBuffer()));
  });

  // api_key_take_many is what this build calls (one row for the batch, read by keyTakesOf); api_key_take_batch stays for
  // the build before during a rolling deploy. Both must answer alike.
  it.each(['api_key_take_many', 'api_key_take_batch'])('answers a batch of one key’s requests in PostgreSQL as if one after another (%s): each address, the burst, the month', async (fn) => {
    const who = await member();
    const { key } = await newKey(who.token);
    expect((await call('GET', '/radio/stations', key)).status).toBe(200);
    const addresses = Array.from({ length: 6 }, (_, i) => ApiKeyFailures.keyOf(`198.18.20.${i + (fn === 'api_key_take_many' ? 11 : 1)}`));
    await api.db.query(`INSERT INTO throttle_hits (key, hits, expires_at) VALUES ($1, 21, now() + interval '1 minute')`, [addresses[1]]);
    const take = async (n: number) => {
      const params = [addresses.slice(0, n), hashToken(key), who.id];
      const answers =
        fn === 'api_key_take_many'
          ? keyTakesOf((await api.db.query<KeyTakeRow>('SELECT * FROM api_key_take_many($1, 20, $2, $3, 6, 50, 1000)', params))[0], 20, 1000)
          : (
              await api.db.query<{ failures: number; failures_ms_left: number; key_id: string | null; allowed: boolean | null; limited_by: 'minute' | 'month' | null; tat_s: number; now_s: number; month_count: string }>(
                'SELECT * FROM api_key_take_batch($1, 20, $2, $3, 6, 50, 1000) ORDER BY n',
                params,
              )
            ).map((r) => ({
              failures: { hits: r.failures, msLeft: r.failures_ms_left },
              key: r.key_id ? {} : undefined,
              take: r.allowed === null ? undefined : { allowed: r.allowed, limitedBy: r.limited_by, tat: r.tat_s, now: r.now_s, monthCount: Number(r.month_count) },
            }));
      return answers.map((a, i) => [i + 1, a.failures.hits, Boolean(a.key), a.take?.allowed ?? null, a.take?.limitedBy ?? null, a.take?.monthCount ?? null, a.take ? Math.round((a.take.tat - a.take.now) * 10) / 10 : null]);
    };
    // 3 of the burst left: the second address is over its failures and takes nothing; of the other five, three pass.
    await api.db.query(`UPDATE api_rate_state SET tat = clock_timestamp() + interval '282 seconds' WHERE account_id = $1`, [who.id]);
    const burst = await take(6);
    expect(burst.map(([n, failures, found, allowed, limitedBy, month]) => [n, failures, found, allowed, limitedBy, month])).toEqual([
      [1, 0, true, true, null, 2],
      [2, 21, false, null, null, null],
      [3, 0, true, true, null, 3],
      [4, 0, true, true, null, 4],
      [5, 0, true, false, 'minute', 4],
      [6, 0, true, false, 'minute', 4],
    ]);
    // 2 of the month left and a full burst: two pass, the others hear the month and give their GCRA token back.
    await api.db.query(`UPDATE api_rate_state SET tat = clock_timestamp() - interval '1 second' WHERE account_id = $1`, [who.id]);
    await api.db.query('UPDATE api_usage_month SET count = 998 WHERE account_id = $1', [who.id]);
    const month = await take(5);
    expect(month.map(([n, , , allowed, limitedBy, count]) => [n, allowed, limitedBy, count])).toEqual([
      [1, true, null, 999],
      [2, null, null, null],
      [3, true, null, 1000],
      [4, false, 'month', 1000],
      [5, false, 'month', 1000],
    ]);
    expect(month.map((row) => row[6])).toEqual([6, null, 12, 12, 12]);
    const [{ count }] = await api.db.query('SELECT count FROM api_usage_month WHERE account_id = $1', [who.id]);
    expect(Number(count)).toBe(1000);
    // Requests from the same address one after another (one read of its failures for them), another address between.
    await api.db.query('UPDATE api_usage_month SET count = 0 WHERE account_id = $1', [who.id]);
    addresses.splice(0, 6, addresses[0], addresses[0], addresses[1], addresses[1], addresses[0], addresses[2]);
    const same = await take(6);
    expect(same.map(([n, failures, found, allowed, limitedBy, count]) => [n, failures, found, allowed, limitedBy, count])).toEqual([
      [1, 0, true, true, null, 1],
      [2, 0, true, true, null, 2],
      [3, 21, false, null, null, null],
      [4, 21, false, null, null, null],
      [5, 0, true, true, null, 3],
      [6, 0, true, true, null, 4],
    ]);
  });

  it('stops a Free account at exactly its 1,000 requests a month, and says when the month ends', async () => {
    const who = await member();
    const { key } = await newKey(who.token);
    await call('GET', '/radio/stations', key);
    await api.db.query('UPDATE api_usage_month SET count = 995 WHERE account_id = $1', [who.id]);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call('GET', `${i % 2 ? api.base : `${other.base}/api/v1`}/radio/stations`, key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body['violated-policies']).toEqual(['month']);
    const now = new Date();
    const toNextMonth = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
    expect(Math.abs(Number(refused.headers.get('retry-after')) - toNextMonth)).toBeLessThan(5);
    const [{ count }] = await api.db.query('SELECT count FROM api_usage_month WHERE account_id = $1', [who.id]);
    expect(Number(count)).toBe(1000);
    const usage = await call('GET', '/developer/usage', who.token);
    expect(usage.body).toMatchObject({ plan: 'free', monthlyRequests: 1000, usedThisMonth: 1000, perMinute: 10, burst: 50 });
  });

  it('follows the account’s API plan: an operator’s Startup grant and Ultra’s Developer plan', async () => {
    const startup = await member();
    await api.db.query(`INSERT INTO api_plan_grants (user_id, plan) VALUES ($1, 'startup')`, [startup.id]);
    const res = await call('GET', '/radio/stations', (await newKey(startup.token)).key);
    expect(res.headers.get('ratelimit-policy')).toBe('"minute";q=50;w=60;grk-burst=200, "month";q=10000;w=2592000');
    const ultra = await member();
    await api.db.query(`INSERT INTO plan_grants (user_id, plan) VALUES ($1, 'ultra')`, [ultra.id]);
    expect((await call('GET', '/developer/usage', ultra.token)).body).toMatchObject({ plan: 'developer', monthlyRequests: 100000, burst: 1000 });
  });

  it('answers the site’s own requests with the site policy, counted in the shared store', async () => {
    const res = await fetch(`${api.base}/radio/stations`, { headers: { 'x-forwarded-for': '198.18.98.1' } });
    expect(res.headers.get('ratelimit-policy')).toBe('"site";q=600;w=60');
    expect(res.headers.get('ratelimit')).toBe('"site";r=599;t=0');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    // The general flood guard settles with PostgreSQL once a second (docs/request-path.md): the address's window on
    // the route (keyed as @nestjs/throttler keys it) reaches the table then.
    const key = `default:${createHash('sha256').update('RadioController-list-default-198.18.98.1').digest('hex')}`;
    let rows: { hits: number }[] = [];
    for (let i = 0; i < 50 && !rows.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await api.db.query<{ hits: number }>('SELECT hits FROM throttle_hits WHERE key = $1', [key]);
    }
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it('holds one address flooding the site’s general limit through two API processes to its 600 a minute, and leaves another address alone', async () => {
    // The general per-route limit counts in each process and settles with PostgreSQL every second: never below the
    // limit, a little above it at most when several processes share the flood.
    const bases = [api.base, `${other.base}/api/v1`];
    const get = (i: number, ip: string) => fetch(`${bases[i % 2]}/radio/stations`, { headers: { 'x-forwarded-for': ip } });
    const statuses: number[] = [];
    const retryAfter: number[] = [];
    for (let wave = 0; wave < 20; wave++) {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => get(i, '198.18.99.1')));
      statuses.push(...answers.map((r) => r.status));
      for (const r of answers) if (r.status === 429) retryAfter.push(Number(r.headers.get('retry-after')));
      await Promise.all(answers.map((r) => r.arrayBuffer()));
    }
    const ok = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(ok).toBeGreaterThanOrEqual(600);
    expect(ok).toBeLessThanOrEqual(660);
    expect(Math.min(...retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...retryAfter)).toBeLessThanOrEqual(60);
    const calm = await get(1, '198.18.99.2');
    expect(calm.status).toBe(200);
    expect(calm.headers.get('ratelimit')).toBe('"site";r=599;t=0');
  }, 60_000);

  it('counts failed sign-ins and assistant messages in the shared store: five failures spread over two processes lock the account', async () => {
    const who = await member();
    const signIn = (base: string, password: string, ip: string) =>
      fetch(`${base}/auth/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ email: who.email, password }) });
    const bases = [api.base, `${other.base}/api/v1`];
    for (let i = 0; i < 5; i++) expect((await signIn(bases[i % 2], 'wrong-password', `198.18.16.${i}`)).status).toBe(400);
    const locked = await signIn(bases[1], 'riff-raff-123', '198.18.16.9');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    const ask = (base: string) =>
      fetch(`${base}/assistant/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.16.20' }, body: JSON.stringify({ message: 'Jakie stacje grają rock?' }) });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await ask(bases[i % 2])).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(20);
    expect(answers[20]).toBe(429);
  });
});
