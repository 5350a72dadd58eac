import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createTestDatabase, type TestDatabase } from './support/database';
import { freePort } from './support/free-port';

// The realtime endpoint of the built server (`dist/apps/api/main.js`) in its own process, so a crash shows
// as what it is in production: the process ending. Hostile upgrades on raw sockets (every one gets its
// 'error' listener before anything is written to it), then frames through the gateway.

const root = path.resolve(__dirname, '../../..');


interface Frame {
  type: string;
  channel: string | null;
  data: Record<string, unknown>;
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A WebSocket handshake as a browser sends it, with `headers` added or overriding. */
function upgradeRequest(target: string, headers: Record<string, string> = {}, method = 'GET'): string {
  const all: Record<string, string> = {
    Host: '127.0.0.1',
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    ...headers,
  };
  const lines = Object.entries(all).filter(([, value]) => value !== '').map(([name, value]) => `${name}: ${value}`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function parseResponse(raw: string): RawResponse | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  const body = raw.slice(end + 4);
  if (status !== 101 && headers['content-length'] !== undefined && Buffer.byteLength(body) < Number(headers['content-length'])) return undefined;
  return { status, headers, body };
}

/** Sends `request` on a fresh connection and reads the answer (a 101 ends the read at its headers). */
function exchange(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let raw = '';
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(request.split('\r\n')[0])}; got ${JSON.stringify(raw)}`));
    }, 5000);
    const done = (response: RawResponse) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(response);
    };
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      const response = parseResponse(raw);
      if (response && (response.status === 101 || response.headers['content-length'] !== undefined)) done(response);
    });
    socket.on('close', () => {
      const response = parseResponse(raw);
      if (response) done(response);
      else {
        clearTimeout(timer);
        reject(new Error(`connection closed without an answer to ${JSON.stringify(request.split('\r\n')[0])}; got ${JSON.stringify(raw)}`));
      }
    });
    socket.once('connect', () => socket.write(request));
  });
}

/**
 * Sends `request` and resets the connection (RST, SO_LINGER 0) `afterMs` after it has left: at once, while the
 * server is still deciding (checking a token), or once it has answered.
 */
function sendAndReset(port: number, request: string, afterMs = 0): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('close', () => resolve());
    socket.once('connect', () =>
      socket.write(request, () => (afterMs ? setTimeout(() => socket.resetAndDestroy(), afterMs) : socket.resetAndDestroy())),
    );
  });
}

/** `count` connections sending `request`, reset at staggered moments (0–3 ms after sending). */
function resetBarrage(port: number, request: string, count: number): Promise<void[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => sendAndReset(port, request, i % 4)));
}

function json(response: RawResponse): unknown {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(response.body);
}

describe('the realtime endpoint of the built server', () => {
  let db: TestDatabase;
  let server: ChildProcess;
  let dataDir: string;
  let port: number;
  let output = '';
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  const base = () => `http://127.0.0.1:${port}/api/v1`;

  /** The process is still running and still answering HTTP; on failure, says how it ended. */
  async function expectServing(): Promise<void> {
    // Give a crash that is already on its way (an 'error' emitted on the next tick) the time to happen.
    await new Promise((r) => setTimeout(r, 300));
    const died = () => exited && new Error(`the server ended (code ${exited.code}, signal ${exited.signal}):\n${output.slice(-3000)}`);
    if (died()) throw died();
    const health = await fetch(`${base()}/health`).catch(async (e: unknown) => {
      await new Promise((r) => setTimeout(r, 500));
      throw died() || e;
    });
    expect(health.status).toBe(200);
  }

  /** `exchange`, but a missing answer says whether the server died on the request. */
  async function ask(request: string): Promise<RawResponse> {
    try {
      return await exchange(port, request);
    } catch (e) {
      await expectServing();
      throw e;
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-upgrades-'));
    port = await freePort();
    server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PORT: String(port),
        RTMP_PORT: '0',
        LIVE_WEBRTC_PORT: '0',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    server.once('exit', (code, signal) => (exited = { code, signal }));
    const deadline = Date.now() + 45_000;
    while (!(await fetch(`${base()}/health`).then((r) => r.ok, () => false))) {
      if (exited || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (server && !exited) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an upgrade on an unknown path with a JSON 404 and a bad token with a JSON 401', async () => {
    const unknown = await ask(upgradeRequest('/api/v1/nothing-here'));
    expect(unknown.status).toBe(404);
    expect(json(unknown)).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const forged = await ask(upgradeRequest('/api/v1/realtime?token=forged'));
    expect(forged.status).toBe(401);
    expect(json(forged)).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'invalid_access_token' });
  });

  it('survives 200 upgrades on an unknown path reset mid-handshake', async () => {
    await resetBarrage(port, upgradeRequest('/api/v1/nothing-here'), 200);
    await expectServing();
  });

  it('survives 200 upgrades with a bad token reset mid-handshake', async () => {
    await resetBarrage(port, upgradeRequest('/api/v1/realtime?token=forged'), 200);
    await expectServing();
  });

  it('survives 200 upgrades reset while their valid token is being checked, and 200 reset once accepted', async () => {
    const { access_token } = (await (await fetch(`${base()}/auth/anonymous`, { method: 'POST' })).json()) as { access_token: string };
    expect((await ask(upgradeRequest(`/api/v1/realtime?token=${access_token}`))).status).toBe(101);

    await resetBarrage(port, upgradeRequest(`/api/v1/realtime?token=${access_token}`), 200);
    await resetBarrage(port, upgradeRequest('/api/v1/realtime'), 200);
    await expectServing();
  });

  it.each([
    // Origin-form: a path that merely looks like an authority (`new URL` reads it as host x, port 99999).
    ['//x:99999/', 404],
    ['//x:99999/api/v1/realtime', 404],
    ['//[/', 404],
    // Absolute-form with a port or host no URL can have.
    ['http://x:99999/api/v1/realtime', 400],
    ['http://[::1/api/v1/realtime', 400],
    ['ws://127.0.0.1/api/v1/realtime', 400],
    // Asterisk-form (a bare word never gets here: Node's HTTP parser refuses it first).
    ['*', 400],
  ])('answers the request-target %s with a JSON %i and keeps serving', async (target, status) => {
    const response = await ask(upgradeRequest(target));
    expect(response.status).toBe(status);
    expect(json(response)).toMatchObject({ statusCode: status });
    await resetBarrage(port, upgradeRequest(target), 20);
    await expectServing();
  });

  it.each([
    ['an h2c upgrade of the health route', '/api/v1/health', { Upgrade: 'h2c', Connection: 'Upgrade, HTTP2-Settings', 'HTTP2-Settings': 'AAMAAABkAAQCAAAAAAIAAAAA' }, 'GET', 400],
    ['an h2c upgrade of the realtime path', '/api/v1/realtime', { Upgrade: 'h2c' }, 'GET', 400],
    ['an Upgrade header naming WebSocket among others', '/api/v1/realtime', { Upgrade: 'websocket, h2c' }, 'GET', 400],
    ['a WebSocket upgrade without its key', '/api/v1/realtime', { 'Sec-WebSocket-Key': '' }, 'GET', 400],
    ['a WebSocket upgrade of an unknown version', '/api/v1/realtime', { 'Sec-WebSocket-Version': '7' }, 'GET', 400],
    ['a WebSocket upgrade by POST', '/api/v1/realtime', {}, 'POST', 405],
  ])('answers %s with a JSON 4xx and keeps serving', async (_name, target, headers, method, status) => {
    const response = await ask(upgradeRequest(target, headers, method));
    expect(response.status).toBe(status);
    expect(json(response)).toMatchObject({ statusCode: status });
    await resetBarrage(port, upgradeRequest(target, headers, method), 20);
    await expectServing();
  });

  async function realtimeClient(): Promise<{ socket: WebSocket; frames: Frame[]; next: (type: string) => Promise<Frame | undefined>; count: (n: number) => Promise<Frame[]> }> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/realtime`);
    const frames: Frame[] = [];
    socket.on('error', () => undefined);
    socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const until = async (done: () => boolean, what: string) => {
      const deadline = Date.now() + 5000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`no ${what}; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    return {
      socket,
      frames,
      next: async (type) => (await until(() => frames.some((f) => f.type === type), `${type} frame`), frames.find((f) => f.type === type)),
      count: async (n) => (await until(() => frames.length >= n, `${n} frames`), frames),
    };
  }

  it('answers every frame in order, bad ones with the error each deserves, and keeps the connection open', async () => {
    const { socket, count } = await realtimeClient();
    try {
      // Sent at once, without waiting for answers: the answers must come back in the same order.
      socket.send('not json');
      socket.send(Buffer.from('{"action":"subscribe","channel":"global.events"}'));
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'global.events' }));
      socket.send('{"action":"dance","channel":"global.events"}');
      socket.send('{"action":"subscribe","channel":"station.../x"}');
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'user.6f1c2a7e-0000-4000-8000-000000000000' }));
      socket.send(JSON.stringify({ action: 'unsubscribe', channel: 'global.events' }));
      expect(await count(7)).toEqual([
        { type: 'error', channel: null, data: { message: 'Frames must be JSON: { "action": "subscribe" | "unsubscribe", "channel": "…" }' } },
        { type: 'error', channel: null, data: { message: 'Frames must be JSON text' } },
        { type: 'subscribed', channel: 'global.events', data: {} },
        { type: 'error', channel: null, data: { message: 'action must be "subscribe" or "unsubscribe"' } },
        { type: 'error', channel: null, data: { message: 'channel must be station.{id}, user.{id} or global.events' } },
        { type: 'error', channel: null, data: { message: 'user channels are only for their own signed-in user' } },
        { type: 'unsubscribed', channel: 'global.events', data: {} },
      ]);
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  });

  it('after all of that, still serves HTTP and delivers events to a realtime subscriber', async () => {
    await expectServing();
    const { socket, next } = await realtimeClient();
    try {
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'station.upgrade-test' }));
      expect(await next('subscribed')).toEqual({ type: 'subscribed', channel: 'station.upgrade-test', data: {} });
      // Published the way every API process publishes: pg_notify on the shared database.
      const event = { channel: 'station.upgrade-test', type: 'now_playing', data: { artist: 'Dżem', title: 'List do M.' } };
      await db.query('SELECT pg_notify($1, $2)', ['grouarock_events', JSON.stringify(event)]);
      expect(await next('now_playing')).toEqual(event);
    } finally {
      socket.close();
    }
  });
});
