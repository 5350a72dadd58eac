import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startListeningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { IcecastServer, until } from './support/icecast';
import { StreamListener } from './support/stream-listener';

/**
 * Two API processes on one database relaying a real Icecast2 (docs/operations.md, "Scaling"): the station list, now-playing and the
 * listener limit are the same whichever process answers, and one title change is one realtime event.
 */


interface Frame {
  type: string;
  channel: string | null;
  data: Record<string, unknown>;
}

async function subscriber(base: string, channel: string): Promise<{ socket: WebSocket; frames: Frame[] }> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime`);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ action: 'subscribe', channel }));
  await until(async () => (frames.some((f) => f.type === 'subscribed') ? true : undefined), 'the subscription');
  return { socket, frames };
}

interface ListedStation {
  id: string;
  listeners: number;
  nowPlaying: { artist: string | null; title: string } | null;
}

async function listed(base: string, id: string): Promise<ListedStation> {
  const all = (await (await fetch(`${base}/api/v1/radio/stations`)).json()) as ListedStation[];
  const station = all.find((s) => s.id === id);
  if (!station) throw new Error(`${id} is not listed`);
  return station;
}

/** Sets the mount's title to these exact bytes through Icecast's admin API, over a plain socket; Icecast's status line. */
function setRawTitle(icecast: IcecastServer, mount: string, title: Buffer): Promise<string> {
  const auth = Buffer.from(`admin:${icecast.adminPassword}`).toString('base64');
  const request = Buffer.concat([
    Buffer.from(`GET /admin/metadata?mount=${mount}&mode=updinfo&song=`),
    title,
    Buffer.from(` HTTP/1.0\r\nAuthorization: Basic ${auth}\r\n\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(icecast.port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.split('\r\n')[0]));
  });
}

describe('the radio relays of several API processes on one database', () => {
  let icecast: IcecastServer;
  let db: TestDatabase;
  let a: { app: NestFastifyApplication; base: string };
  let b: { app: NestFastifyApplication; base: string };
  const mount = '/cluster.mp3';
  const stream = (on: string, id: string) => `${on}/api/v1/radio/${id}/stream`;

  beforeAll(async () => {
    icecast = new IcecastServer();
    await icecast.start();
    await icecast.startSource(mount, 330);
    db = await createTestDatabase();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'stations-')), 'stations.json');
    // Two stations on one mount: the same upstream, two relays and two channels.
    writeFileSync(
      file,
      JSON.stringify(['cluster-x', 'cluster-y'].map((id) => ({ id, name: id, country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}${mount}` }))),
    );
    // Each process enforces its own RELAY_MAX_LISTENERS against the station's count over both.
    a = await startListeningApp(db.url, { STATIONS_FILE: file, RELAY_MAX_LISTENERS: '5' });
    b = await startListeningApp(db.url, { STATIONS_FILE: file, RELAY_MAX_LISTENERS: '1' });
  });

  let aClosed = false;

  afterAll(async () => {
    if (!aClosed) await a?.app.close();
    await b?.app.close();
    await icecast?.stop();
    await db?.drop();
  });

  it("shows A's listener and A's title in B's station list within 2 s, answers B's nowplaying with it, and B refuses a listener over the limit", async () => {
    const listener = new StreamListener(stream(a.base, 'cluster-x'));
    try {
      await until(async () => (listener.bytes > 0 ? true : undefined), 'audio through A');
      const song = `Kult - Arahja ${Date.now()}`;
      const started = Date.now();
      await icecast.setTitle(mount, song);
      const expected = { artist: 'Kult', title: song.slice('Kult - '.length) };
      await until(async () => {
        const x = await listed(b.base, 'cluster-x');
        return x.listeners === 1 && x.nowPlaying?.title === expected.title ? true : undefined;
      }, "B's list", 3000);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(await listed(a.base, 'cluster-x')).toMatchObject({ listeners: 1, nowPlaying: expected });
      expect(await listed(b.base, 'cluster-y')).toMatchObject({ listeners: 0, nowPlaying: null });

      // B relays nothing of its own: it answers A's title (read when A saw it) rather than probing the upstream now.
      await new Promise((r) => setTimeout(r, 200));
      const asked = Date.now();
      const nowPlaying = (await (await fetch(`${b.base}/api/v1/radio/cluster-x/nowplaying`)).json()) as { artist: string; title: string; source: string; updatedAt: string };
      expect(nowPlaying).toMatchObject({ ...expected, source: 'stream' });
      expect(Date.parse(nowPlaying.updatedAt)).toBeLessThan(asked);

      const refused = await fetch(stream(b.base, 'cluster-x'));
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toMatch(/limit of 1 listeners/);
    } finally {
      listener.close();
    }
    await until(async () => ((await listed(b.base, 'cluster-x')).listeners === 0 ? true : undefined), 'the listener to leave', 3000);
  }, 30_000);

  it('delivers a 4 KB Latin-1 title to subscribers cut to 256 characters, rather than losing it', async () => {
    const listener = new StreamListener(stream(a.base, 'cluster-x'));
    const watcher = await subscriber(b.base, 'station.cluster-x');
    try {
      await until(async () => (listener.bytes > 0 ? true : undefined), 'audio through A');
      // 3,960 bytes of 0xE9 ('é' in Latin-1): decoded, 7,920 bytes of UTF-8, which with the event around them is more
      // than PostgreSQL's NOTIFY takes. Icecast reads at most 4 KB of request, so the bytes go raw rather than %-escaped,
      // and with no charset named it passes them on as they are.
      const latin1 = Buffer.alloc(3960, 0xe9);
      const whole = { channel: 'station.cluster-x', type: 'now_playing', data: { artist: null, title: latin1.toString('latin1'), program: null, source: 'stream', updatedAt: new Date().toISOString() } };
      expect(Buffer.byteLength(JSON.stringify(whole))).toBeGreaterThan(7999);
      expect(await setRawTitle(icecast, mount, latin1)).toMatch(/^HTTP\/1\.0 200/);
      const frame = await until(async () => watcher.frames.find((f) => f.type === 'now_playing' && String(f.data.title).startsWith('éé')), 'the now_playing frame', 3000);
      expect(frame.data).toMatchObject({ artist: null, title: `${'é'.repeat(255)}…`, source: 'stream' });
    } finally {
      listener.close();
      watcher.socket.close();
    }
  }, 30_000);

  it('makes one now_playing event of one title change while both processes relay the station', async () => {
    // B first: its limit of 1 counts A's listeners too.
    const onB = new StreamListener(stream(b.base, 'cluster-y'));
    await until(async () => (onB.bytes > 0 ? true : undefined), 'audio through B');
    const onA = new StreamListener(stream(a.base, 'cluster-y'));
    const watchers = [await subscriber(a.base, 'station.cluster-y'), await subscriber(b.base, 'station.cluster-y')];
    try {
      await until(async () => (onA.bytes > 0 ? true : undefined), 'audio through A');
      expect(onA.status).toBe(200);
      const title = `Dżem - List do M. ${Date.now()}`.slice('Dżem - '.length);
      await icecast.setTitle(mount, `Dżem - ${title}`);
      const copies = () => watchers.map((w) => w.frames.filter((f) => f.type === 'now_playing' && f.data.title === title).length);
      await until(async () => (copies().every((n) => n > 0) ? true : undefined), 'the event on both processes', 3000);
      // Both relays have read the title by now (they read the same upstream); a second copy would have arrived.
      await new Promise((r) => setTimeout(r, 1000));
      expect(copies()).toEqual([1, 1]);
    } finally {
      onA.close();
      onB.close();
      watchers.forEach((w) => w.socket.close());
    }
  }, 30_000);

  it("ignores a dead process's counts, and B's list drops A's listener as soon as A shuts down cleanly", async () => {
    // A process killed 31 s ago left its row behind: past the 30 s freshness, it counts nowhere.
    await db.query(
      `INSERT INTO relay_presence (instance_id, station_id, listeners, title, title_at, updated_at) VALUES (gen_random_uuid(), 'cluster-y', 7, 'Ghost', now(), now() - interval '31 seconds')`,
    );
    const listener = new StreamListener(stream(a.base, 'cluster-x'));
    await until(async () => (listener.bytes > 0 ? true : undefined), 'audio through A');
    await until(async () => ((await listed(b.base, 'cluster-x')).listeners === 1 ? true : undefined), "A's listener on B's list", 3000);
    expect(await listed(b.base, 'cluster-y')).toMatchObject({ listeners: 0 });
    await a.app.close();
    aClosed = true;
    const closed = Date.now();
    await until(async () => ((await listed(b.base, 'cluster-x')).listeners === 0 ? true : undefined), "A's listener to leave B's list", 3000);
    // Within B's 1 s cache, not the 30 s a killed process takes.
    expect(Date.now() - closed).toBeLessThan(2000);
    listener.close();
  }, 30_000);
});
