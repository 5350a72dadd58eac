import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { IcecastServer, until } from './support/icecast';
import { StreamListener } from './support/stream-listener';


function catalogueFile(entries: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'stations-')), 'stations.json');
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

async function subscriber(base: string, channel: string): Promise<{ socket: WebSocket; frames: { type: string; channel: string | null; data: Record<string, unknown> }[] }> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime`);
  const frames: { type: string; channel: string | null; data: Record<string, unknown> }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ action: 'subscribe', channel }));
  await until(async () => (frames.some((f) => f.type === 'subscribed') ? true : undefined), 'the subscription');
  return { socket, frames };
}

describe('the radio relay against a real Icecast2', () => {
  let icecast: IcecastServer;
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let second: NestFastifyApplication;
  let base: string;
  let secondBase: string;

  beforeAll(async () => {
    icecast = new IcecastServer();
    await icecast.start();
    await icecast.startSource('/rock.mp3', 440);
    db = await createTestDatabase();
    const stations = catalogueFile([
      { id: 'test-rock', name: 'Test Rock', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}/rock.mp3` },
      { id: 'test-playlist', name: 'Test Playlist', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}/rock.mp3.m3u` },
      { id: 'test-down', name: 'Test Down', country: 'pl', genres: ['punk'], streamUrl: 'http://127.0.0.1:9/nothing.mp3', program: { program: 'Poranek z punkiem' } },
      { id: 'test-silent', name: 'Test Silent', country: 'pl', genres: ['punk'], streamUrl: 'http://127.0.0.1:9/nothing.mp3' },
    ]);
    app = await startTestApp(db.url, { STATIONS_FILE: stations, RELAY_MAX_LISTENERS: '150' });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    // A second API process on the same database (its own LISTEN connection, its own relays).
    second = await startTestApp(db.url, { STATIONS_FILE: stations, RELAY_MAX_LISTENERS: '2' });
    await second.listen(0, '127.0.0.1');
    secondBase = await second.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    await second?.close();
    await icecast?.stop();
    await db?.drop();
  });

  const stream = (id: string, on = base) => `${on}/api/v1/radio/${id}/stream`;
  /** test-rock's listeners as the stations list gives them. */
  const listedListeners = async () =>
    ((await (await fetch(`${base}/api/v1/radio/stations`)).json()) as { id: string; listeners: number }[]).find((s) => s.id === 'test-rock')?.listeners;

  it('100 listeners share one upstream connection, get audio without ICY metadata, and the upstream closes after the last leaves', async () => {
    const listeners = Array.from({ length: 100 }, () => new StreamListener(stream('test-rock')));
    try {
      await until(async () => (listeners.every((l) => l.bytes > 32 * 1024) ? true : undefined), 'audio for every listener', 20_000);
      expect(await icecast.listeners('/rock.mp3')).toBe(1);
      expect(((await (await fetch(`${base}/api/v1/radio/stations/test-rock`)).json()) as { listeners: number }).listeners).toBe(100);
      expect(await listedListeners()).toBe(100);
      for (const l of listeners) {
        expect(l.status).toBe(200);
        expect(l.headers['content-type']).toBe('audio/mpeg');
        expect(l.headers['access-control-allow-origin']).toBe('*');
        expect(l.headers['icy-metaint']).toBeUndefined();
        expect(l.received.includes('StreamTitle')).toBe(false);
        // MPEG audio frame sync somewhere in what arrived: it is audio.
        expect(l.received.some((byte, i) => byte === 0xff && ((l.received[i + 1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
      }
    } finally {
      listeners.forEach((l) => l.close());
    }
    await until(async () => ((await icecast.listeners('/rock.mp3')) === 0 ? true : undefined), 'the upstream to close', 15_000);
    // The list (made once while its live parts stay the same) follows the relay's close.
    expect(await listedListeners()).toBe(0);
  }, 60_000);

  it('pushes a title with Polish letters to nowplaying and to subscribers on both processes within 2 s', async () => {
    const listener = new StreamListener(stream('test-rock'));
    const here = await subscriber(base, 'station.test-rock');
    const there = await subscriber(secondBase, 'station.test-rock');
    try {
      await until(async () => (listener.bytes > 0 ? true : undefined), 'audio');
      const song = `Dżem - Whisky moja żono ${Date.now()}`;
      const started = Date.now();
      await icecast.setTitle('/rock.mp3', song);
      const expected = { artist: 'Dżem', title: song.slice('Dżem - '.length) };
      await until(async () => {
        const body = (await (await fetch(`${base}/api/v1/radio/test-rock/nowplaying`)).json()) as { artist: string; title: string; source: string };
        return body.title === expected.title && body.artist === expected.artist && body.source === 'stream' ? true : undefined;
      }, 'nowplaying', 2000);
      for (const { frames } of [here, there]) {
        await until(async () => (frames.some((f) => f.type === 'now_playing' && f.data.title === expected.title) ? true : undefined), 'the now_playing frame', 2000 - (Date.now() - started) + 500);
        expect(frames.find((f) => f.type === 'now_playing')).toMatchObject({ channel: 'station.test-rock', data: { ...expected, source: 'stream' } });
      }
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      listener.close();
      here.socket.close();
      there.socket.close();
    }
  }, 30_000);

  it('keeps listeners connected while the upstream restarts, and the audio resumes', async () => {
    const listener = new StreamListener(stream('test-rock'));
    try {
      await until(async () => (listener.bytes > 16 * 1024 ? true : undefined), 'audio');
      await icecast.stopSource('/rock.mp3');
      await new Promise((r) => setTimeout(r, 1500));
      const before = listener.bytes;
      await icecast.startSource('/rock.mp3', 440);
      await until(async () => (listener.bytes > before + 32 * 1024 ? true : undefined), 'audio to resume', 20_000);
      expect(listener.status).toBe(200);
    } finally {
      listener.close();
    }
  }, 60_000);

  it('resolves playlists, answers HEAD, and refuses unknown, unreachable and full stations clearly', async () => {
    const viaPlaylist = new StreamListener(stream('test-playlist'));
    try {
      await until(async () => (viaPlaylist.bytes > 8 * 1024 ? true : undefined), 'audio through the .m3u playlist');
    } finally {
      viaPlaylist.close();
    }
    const head = await fetch(stream('test-rock'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect((await fetch(stream('no-such-station'))).status).toBe(404);
    const down = await fetch(stream('test-down'));
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ message: 'Test Down is not reachable right now' });

    // The limit counts every process's listeners of the station: wait until the earlier tests' have left the count.
    await until(async () => ((await (await fetch(`${secondBase}/api/v1/radio/stations/test-rock`)).json()) as { listeners: number }).listeners === 0 || undefined, 'an empty station');
    const full = [new StreamListener(stream('test-rock', secondBase)), new StreamListener(stream('test-rock', secondBase))];
    try {
      await until(async () => (full.every((l) => l.bytes > 0) ? true : undefined), 'the second process to stream');
      const third = await fetch(stream('test-rock', secondBase));
      expect(third.status).toBe(503);
      expect(((await third.json()) as { message: string }).message).toMatch(/limit of 2 listeners/);
    } finally {
      full.forEach((l) => l.close());
    }
  }, 60_000);

  it('falls back to the catalogue program, then to the station itself, never inventing a track', async () => {
    expect(await (await fetch(`${base}/api/v1/radio/test-down/nowplaying`)).json()).toMatchObject({ artist: null, title: null, program: 'Poranek z punkiem', source: 'catalogue' });
    expect(await (await fetch(`${base}/api/v1/radio/test-silent/nowplaying`)).json()).toMatchObject({ artist: null, title: 'Test Silent', program: null, source: 'station' });
  });

  describe('the realtime channel', () => {
    async function connect(query = ''): Promise<{ socket: WebSocket; next: () => Promise<{ type: string; data: { message?: string } }> }> {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime${query}`);
      const queue: { type: string; data: { message?: string } }[] = [];
      const waiters: ((m: (typeof queue)[number]) => void)[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as (typeof queue)[number];
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else queue.push(message);
      });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, next: () => (queue.length ? Promise.resolve(queue.shift() as (typeof queue)[number]) : new Promise((r) => waiters.push(r))) };
    }

    it('answers bad frames with error frames and stays open', async () => {
      const { socket, next } = await connect();
      for (const frame of ['not json', '{"action":"dance","channel":"global.events"}', '{"action":"subscribe","channel":"station.../x"}', '{"action":"subscribe","channel":"user.6f1c2a7e-0000-4000-8000-000000000000"}', 'null']) {
        socket.send(frame);
        expect(await next()).toMatchObject({ type: 'error', data: { message: expect.any(String) } });
      }
      socket.send(Buffer.from([1, 2, 3]));
      expect(await next()).toMatchObject({ type: 'error' });
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'global.events' }));
      expect(await next()).toMatchObject({ type: 'subscribed', channel: 'global.events' });
      socket.close();
    });

    it('limits subscriptions per connection and closes on an oversized frame', async () => {
      const { socket, next } = await connect();
      for (let i = 0; i < 50; i++) {
        socket.send(JSON.stringify({ action: 'subscribe', channel: `station.s${i}` }));
        expect((await next()).type).toBe('subscribed');
      }
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'station.one-too-many' }));
      expect(await next()).toMatchObject({ type: 'error', data: { message: 'At most 50 subscriptions per connection' } });
      const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
      socket.send('x'.repeat(5000));
      expect(await closed).toBe(1009);
    });

    it('lets a signed-in user subscribe to their own user channel only, and refuses a bad token', async () => {
      const res = await fetch(`${base}/api/v1/auth/anonymous`, { method: 'POST' });
      const { access_token, user } = (await res.json()) as { access_token: string; user: { id: string } };
      const { socket, next } = await connect(`?token=${access_token}`);
      socket.send(JSON.stringify({ action: 'subscribe', channel: `user.${user.id}` }));
      expect(await next()).toMatchObject({ type: 'subscribed', channel: `user.${user.id}` });
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'user.6f1c2a7e-0000-4000-8000-000000000000' }));
      expect(await next()).toMatchObject({ type: 'error' });
      socket.close();
      await expect(connect('?token=forged')).rejects.toThrow(/401/);
    });
  });
});
