import WebSocket from 'ws';
import { signedInMember, useApiUnderTest } from './support/app';
import { studioClient } from './support/studio-client';
import { until } from './support/icecast';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

interface Account {
  id: string;
  session: string;
  readOnly: string;
  fullAccess: string;
  ip: string;
}

/**
 * Object- and function-level authorization (OWASP API1 and API5), as a matrix: users A and B, each with a session, a
 * read-only key and a full-access key. Every path with an id of A's answers 404 to B whatever B holds; lists hold only
 * the caller's rows; a read-only key is refused on every write route of the OpenAPI document; the socket gives
 * user.{id} to its owner only.
 */
describe('developer platform: the BOLA matrix', () => {
  const api = useApiUnderTest(() => ({ RTMP_PORT: '0', LIVE_WEBRTC_PORT: '0', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' }));
  const call = async (method: string, url: string, token?: string, body?: unknown, ip?: string) => {
    const res = await fetch(`${api.base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: Json = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (audio, a playlist file)
    }
    return { status: res.status, body: parsed };
  };
  const account = async (ip: string): Promise<Account> => {
    const who = await signedInMember(api, ip);
    // A plan whose burst the matrix cannot exhaust.
    await api.db.query(`INSERT INTO api_plan_grants (user_id, plan) VALUES ($1, 'business')`, [who.id]);
    const key = async (scope: string) => (await call('POST', '/developer/keys', who.token, { name: scope, scope }, ip)).body.key as string;
    return { id: who.id, session: who.token, readOnly: await key('read-only'), fullAccess: await key('full-access'), ip };
  };

  let a: Account;
  let b: Account;
  const owned: Record<string, string> = {};
  beforeAll(async () => {
    a = await account('198.18.13.1');
    b = await account('198.18.13.2');
    owned.playlist = (await call('POST', '/user/playlists', a.fullAccess, { name: 'A’s private' })).body.id;
    owned.stream = (await call('POST', '/stream/create', a.fullAccess, { title: 'A na żywo', genre: 'rock' })).body.id;
    owned.key = (await call('GET', '/developer/keys', a.session, undefined, a.ip)).body.keys[0].id;
    owned.webhook = (await call('POST', '/webhooks', a.fullAccess, { url: 'http://127.0.0.1:9/hooks', events: ['stream_started'] })).body.id;
    const studio = studioClient(api.base, a.fullAccess, a.ip);
    const [task] = (await studio.generate({ prompt: 'szybki punk', length: '30s' })).body.task_ids;
    owned.track = (await studio.finished(task, 60_000)).tracks[0].id;
    for (const [kind, id] of Object.entries(owned)) expect([kind, id]).toEqual([kind, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  }, 90_000);

  it('answers 404 to B, whatever B holds, on every path with an id of A’s', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', `/playlists/${owned.playlist}`],
      ['PATCH', `/user/playlists/${owned.playlist}`, { name: 'B was here' }],
      ['DELETE', `/user/playlists/${owned.playlist}`],
      ['POST', `/stream/${owned.stream}/stop`],
      ['DELETE', `/stream/${owned.stream}`],
      ['PATCH', `/studio/tracks/${owned.track}`, { title: 'B was here' }],
      ['DELETE', `/studio/tracks/${owned.track}`],
      ['GET', `/webhooks/${owned.webhook}`],
      ['PATCH', `/webhooks/${owned.webhook}`, { events: ['stream_ended'] }],
      ['DELETE', `/webhooks/${owned.webhook}`],
      ['POST', `/webhooks/${owned.webhook}/rotate-secret`],
      ['POST', `/webhooks/${owned.webhook}/enable`],
      ['POST', `/webhooks/${owned.webhook}/test`],
      ['GET', `/webhooks/${owned.webhook}/attempts`],
      ['POST', `/webhooks/${owned.webhook}/messages/msg_0000000000000/retry`],
    ];
    for (const [method, url, body] of paths) {
      for (const token of [b.session, b.fullAccess]) {
        const res = await call(method, url, token, body, b.ip);
        expect([method, url, res.status]).toEqual([method, url, 404]);
      }
      // And the same path works for A: the 404 above is about B, not the path.
      if (method === 'GET') expect((await call(method, url, a.fullAccess)).status).toBe(200);
    }
    expect((await call('DELETE', `/developer/keys/${owned.key}`, b.session, undefined, b.ip)).status).toBe(404);
    // Nothing of A's changed.
    expect((await call('GET', `/playlists/${owned.playlist}`, a.session, undefined, a.ip)).body.name).toBe('A’s private');
    expect((await call('GET', '/stream/current', a.session, undefined, a.ip)).body.stream?.id).toBe(owned.stream);
    expect((await call('GET', '/developer/keys', a.session, undefined, a.ip)).body.keys).toHaveLength(2);
  });

  it('lists only the caller’s rows', async () => {
    for (const [url, field] of [['/user/playlists', 'playlists'], ['/studio/tracks', 'tracks'], ['/webhooks', 'webhooks']]) {
      const ids = (await call('GET', url, b.fullAccess)).body[field].map((row: Json) => row.id);
      expect([url, ids]).toEqual([url, []]);
      expect((await call('GET', url, a.fullAccess)).body[field].length).toBeGreaterThan(0);
    }
    const keys = (await call('GET', '/developer/keys', b.session, undefined, b.ip)).body.keys.map((k: Json) => k.id);
    expect(keys).not.toContain(owned.key);
    expect(keys).toHaveLength(2);
  });

  it('refuses a read-only key on every write route of the OpenAPI document, route by route', async () => {
    const doc = (await (await fetch(`${api.base.replace('/api/v1', '')}/api/docs-json`)).json()) as { paths: Record<string, Record<string, { 'x-reads-only'?: boolean }>> };
    // Every operation but GET and HEAD, save those the document marks as changing nothing (a ticket, a status check).
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => !['get', 'head', 'parameters'].includes(method) && !operations[method]['x-reads-only'])
        .map((method) => [method.toUpperCase(), path.replace('/api/v1', '').replace(/\{[^}]+\}/g, (name) => (name === '{provider}' ? 'github' : owned.playlist))]),
    );
    expect(writes).toEqual(expect.arrayContaining([['POST', '/user/playlists'], ['POST', '/stream/create'], ['POST', '/studio/generate'], ['PUT', '/auth/user'], ['POST', '/visitors']]));
    const readsOnly = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).filter((m) => operations[m]['x-reads-only']).map((m) => `${m.toUpperCase()} ${path}`));
    expect(readsOnly.sort()).toEqual(['POST /api/v1/realtime/ticket', 'POST /api/v1/studio/status']);
    expect((await call('POST', '/studio/status', b.readOnly, { task_ids: [] })).status).not.toBe(403);
    for (const [method, url] of writes) {
      const res = await call(method, url, b.readOnly, {});
      // Session-only routes (keys, the account, signing out) refuse every key, with their own code.
      expect([method, url, res.status, res.body?.code]).toEqual([method, url, 403, expect.stringMatching(/^(insufficient_scope|session_required)$/)]);
    }
  });

  it('gives user.{id} on the socket to its owner only, whatever ticket or token B holds', async () => {
    for (const credential of [b.readOnly, b.session]) {
      const { ticket } = (await call('POST', '/realtime/ticket', credential, undefined, b.ip)).body;
      const socket = new WebSocket(`${api.base.replace('http', 'ws')}/realtime?token=${ticket}`);
      const frames: Json[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ action: 'subscribe', channel: `user.${a.id}` }));
      await until(async () => (frames.length ? true : undefined), 'an answer');
      expect(frames).toEqual([expect.objectContaining({ type: 'error' })]);
      socket.close();
    }
  });
});
