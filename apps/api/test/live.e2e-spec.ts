import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { LiveMaintenance } from '../src/live/live-maintenance.service';
import { MediaStorage } from '../src/repositories/media-storage';
import { INGEST_ATTEMPTS_PER_MINUTE } from '../src/live/live.service';
import { LivePipelines } from '../src/live/live-pipelines.service';
import { Ffmpeg } from '../src/repositories/ffmpeg';
import { HlsFiles } from '../src/repositories/hls-files';
import { EventBus } from '../src/repositories/event-bus';
import { RtmpIngest } from '../src/repositories/rtmp-ingest';
import { signedInMember, useApiUnderTest } from './support/app';
import { freePort } from './support/free-port';
import { startServerProcess } from './support/server-process';
import { run, until } from './support/waiting';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

interface Frame {
  type: string;
  channel: string | null;
  data: Json;
}

/** A realtime client subscribed to global.events, keeping what it receives. */
async function globalEvents(base: string): Promise<{ frames: Frame[]; next: (type: string, id: string, ms: number) => Promise<number>; close: () => void }> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ action: 'subscribe', channel: 'global.events' }));
  const next = (type: string, id: string, ms: number) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        if (!frames.some((f) => f.type === type && f.data.id === id)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(Date.now());
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${type} for ${id} within ${ms} ms (got ${frames.map((f) => f.type).join(', ')})`));
      }, ms);
      waiters.add(check);
      check();
    });
  await new Promise((r) => setTimeout(r, 200));
  return { frames, next, close: () => socket.close() };
}

describe('live streams: RTMP and browser ingest, HLS, states across processes, replays', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-live-'));
  let rtmpPort = 0;
  let ffmpeg = '';
  beforeAll(async () => {
    rtmpPort = await freePort();
  });
  // LIVE_RECONNECT_SECONDS 0: a publisher that goes away ends its stream at once (live-reconnect.e2e-spec.ts waits).
  const api = useApiUnderTest(() => ({ RTMP_PORT: String(rtmpPort), DATA_DIR: dataDir, LIVE_MAX_PUBLISHERS: '4', LIVE_MAX_TRANSCODES: '1', LIVE_RETENTION_DAYS: '30', LIVE_RECONNECT_SECONDS: '0' }));
  let other: { base: string; stop: () => Promise<void> };
  const publishers = new Set<ChildProcess>();
  let rtmpReplay: { id: string; token: string } | undefined;

  beforeAll(async () => {
    ffmpeg = api.app.get(Ffmpeg).binary;
    other = await startServerProcess(api.db.url, dataDir, { LIVE_MAX_TRANSCODES: '1', LIVE_RECONNECT_SECONDS: '0' });
  }, 60_000);
  afterAll(async () => {
    for (const p of publishers) p.kill('SIGKILL');
    await other?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let n = 0;
  /** Each member calls from an address of its own, as users do (the per-address request limits stay out of the way). */
  const addresses = new Map<string, string>();
  const member = async () => {
    const ip = `198.18.9.${++n}`;
    const who = await signedInMember(api, ip);
    addresses.set(who.token, ip);
    return who;
  };
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${api.base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': (token && addresses.get(token)) ?? `198.18.10.${++n}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const create = async (token: string, title = 'Próba przed trasą') => {
    const res = await call('POST', '/stream/create', token, { title, genre: 'rock' });
    expect(res.status).toBe(200);
    return res.body as { id: string; streamKey: string; ingestUrl: string; playbackUrl: string };
  };
  /** A test pattern with a tone, encoded once as OBS sends it with the README's settings (x264 zerolatency, a keyframe every second, AAC). */
  const clip = path.join(dataDir, 'clip.flv');
  beforeAll(async () => {
    await run(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', '20', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', clip,
    ]);
  }, 30_000);
  /** When each key's last publisher went away: node-media-server keeps a publish open for 30 s after that. */
  const publishEnded = new Map<string, number>();
  /** ffmpeg publishing the clip over RTMP in real time, looping, like OBS. */
  const publish = (key: string) => {
    const p = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`], {
      stdio: 'ignore',
    });
    publishers.add(p);
    publishEnded.delete(key);
    const exited = new Promise<number | null>((resolve) =>
      p.once('exit', (code) => {
        publishEnded.set(key, Date.now());
        resolve(code);
      }),
    );
    return { process: p, exited };
  };
  /** Keys checked at the end for having reached the disk. */
  const earlyKeys: string[] = [];
  const playlist = (id: string) => fetch(`${api.base}/live/${id}/index.m3u8`);
  /** Everything under DATA_DIR, dot-folders included, each file with its size and time: what a refused publisher must leave as it is. */
  const filesUnder = (root: string): Record<string, string> =>
    existsSync(root)
      ? Object.fromEntries(
          readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => {
            const stat = statSync(path.join(root, name));
            return [name, stat.isDirectory() ? 'folder' : `${stat.size} bytes, ${stat.mtimeMs}`];
          }),
        )
      : {};
  /** A stream's files: in the media store (the local folder here), and ffmpeg's scratch while it is packaged. */
  const storedFolder = (id: string) => path.join(dataDir, 'media', 'live', id);
  const scratchFolder = (id: string) => path.join(dataDir, 'packaging', id);
  const liveFiles = () => ({ ...filesUnder(path.join(dataDir, 'media', 'live')), ...prefixed('packaging/', filesUnder(path.join(dataDir, 'packaging'))) });
  const prefixed = (prefix: string, files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([name, what]) => [prefix + name, what]));
  /** The files under DATA_DIR (dot-folders included) holding `text`: a stream key must be in none of them. */
  const filesHolding = (text: string) =>
    Object.entries(filesUnder(dataDir))
      .filter(([name, what]) => what !== 'folder' && readFileSync(path.join(dataDir, name)).includes(text))
      .map(([name]) => name);

  /** A slow disk: each stream folder takes 500 ms to make; `asked` once one is asked for, `restore` ends it. */
  const slowFolders = () => {
    const files = api.app.get(HlsFiles);
    const create_ = files.create.bind(files);
    let folderAsked!: () => void;
    const asked = new Promise<void>((resolve) => (folderAsked = resolve));
    files.create = async (id: string) => {
      folderAsked();
      await new Promise((r) => setTimeout(r, 500));
      return create_(id);
    };
    return { asked, restore: () => (files.create = create_) };
  };

  it('creates a stream with its key shown once and kept only as a hash; one stream at a time', async () => {
    const owner = await member();
    const created = await create(owner.token);
    expect(created).toMatchObject({ status: 'ready', maxListeners: 200, ingestUrl: `rtmp://127.0.0.1:${rtmpPort}/live`, playbackUrl: `${api.base}/live/${created.id}/index.m3u8` });
    expect(created.streamKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db.query('SELECT stream_key_hash FROM live_streams WHERE id = $1', [created.id]);
    expect(row.stream_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await call('GET', '/stream/current', owner.token))).not.toContain(created.streamKey);
    expect((await call('POST', '/stream/create', owner.token, { title: 'Druga', genre: 'metal' })).body.code).toBe('already_streaming');
    expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
    // Stopped before it went live: nothing to replay, so it is gone, and a new one may start.
    expect((await call('GET', `/stream/${created.id}`)).status).toBe(404);
    const again = await create(owner.token);
    expect((await call('POST', `/stream/${again.id}/stop`, owner.token)).status).toBe(204);
  });

  it('gives one winner to two creates at the same moment', async () => {
    const owner = await member();
    const results = await Promise.all([0, 1, 2].map(() => call('POST', '/stream/create', owner.token, { title: 'Naraz', genre: 'jazz' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await call('POST', `/stream/${results.find((r) => r.status === 200)!.body.id}/stop`, owner.token);
  });

  it.each([
    ['a blank title', { title: '   ', genre: 'rock' }],
    ['a title over 100 characters', { title: 'x'.repeat(101), genre: 'rock' }],
    ['a title with a control character', { title: 'a\u0000b', genre: 'rock' }],
    ['a description over 500 characters', { title: 'ok', description: 'x'.repeat(501), genre: 'rock' }],
    ['an unknown genre', { title: 'ok', genre: 'polka' }],
    ['no genre', { title: 'ok' }],
    ['an unknown field', { title: 'ok', genre: 'rock', is_live: true }],
  ])('refuses %s with 400', async (_case, body) => {
    const owner = await member();
    expect((await call('POST', '/stream/create', owner.token, body)).status).toBe(400);
  });

  it('asks for a signed-in account, and only the owner stops or deletes', async () => {
    expect((await call('POST', '/stream/create', undefined, { title: 'x', genre: 'rock' })).status).toBe(401);
    const owner = await member();
    const stranger = await member();
    const created = await create(owner.token);
    expect((await call('POST', `/stream/${created.id}/stop`, stranger.token)).body.code).toBe('stream_not_found');
    expect((await call('DELETE', `/stream/${created.id}`, stranger.token)).status).toBe(404);
    expect((await call('POST', '/stream/not-a-uuid/stop', owner.token)).status).toBe(400);
    expect((await call('GET', `/live/${created.id}/..%2F..%2Fjwt-secret`)).status).toBe(400);
    expect((await call('GET', `/live/${created.id}/index.m3u8`)).body.code).toBe('not_live_yet');
    await call('POST', `/stream/${created.id}/stop`, owner.token);
  });

  it('goes live from RTMP: a playlist within 2.5 s, stream_started on another process, stop → stream_ended within 4 s, the replay plays to its end', async () => {
    const events = await globalEvents(other.base);
    const owner = await member();
    const created = await create(owner.token, 'Koncert z próbnej');
    const started = Date.now();
    const publisher = publish(created.streamKey);
    earlyKeys.push(created.streamKey);
    const firstPlaylist = await until('the first playlist', 2500, async () => ((await playlist(created.id)).ok ? Date.now() : undefined));
    expect(firstPlaylist - started).toBeLessThanOrEqual(2500);
    await events.next('stream_started', created.id, 2000);
    const live = (await call('GET', '/stream/list')).body;
    expect(live.live.map((s: Json) => s.id)).toContain(created.id);
    expect(live.live.find((s: Json) => s.id === created.id)).toMatchObject({ isLive: true, status: 'live', title: 'Koncert z próbnej', genre: 'rock' });

    // One address asking with a new made-up viewer id each time holds 4 ids and then counts once more, as itself; the
    // test's own requests above are one viewer (their address).
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${api.base}/live/${created.id}/index.m3u8?viewer=made-up-${i}-${Date.now()}`, { headers: { 'x-forwarded-for': '198.18.11.1' } });
      expect(res.status).toBe(200);
    }
    expect((await call('GET', `/stream/${created.id}`)).body.viewers).toBe(6);
    // Players behind a balancer reach every process: each process counts the viewers of all (as players do, each
    // reloads the playlist while the counts travel).
    const watch = () =>
      Promise.all([
        ...[0, 1].map((i) => fetch(`${api.base}/live/${created.id}/index.m3u8?viewer=here-viewer-${i}`, { headers: { 'x-forwarded-for': `198.18.12.${i}` } })),
        ...[0, 1, 2].map((i) => fetch(`${other.base}/api/v1/live/${created.id}/index.m3u8?viewer=there-viewer-${i}`, { headers: { 'x-forwarded-for': `198.18.13.${i}` } })),
      ]);
    const viewersOn = async (base: string) => ((await (await fetch(`${base}/stream/${created.id}`)).json()) as { viewers: number }).viewers;
    await until('both processes to count the viewers of both', 8000, async () => {
      await watch();
      const [here, there] = [await viewersOn(api.base), await viewersOn(`${other.base}/api/v1`)];
      return here === there && here >= 5 ? true : undefined;
    });

    const res = await playlist(created.id);
    expect(res.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const text = await res.text();
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const segment = await fetch(`${api.base}/live/${created.id}/${/seg-\d+\.ts/.exec(text)![0]}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toContain('immutable');
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // The sweep reads the time of the last segment from the database, whichever process runs it: the stream stays.
    await api.app.get(LiveMaintenance).run();
    expect((await call('GET', `/stream/${created.id}`)).body.status).toBe('live');
    const [{ lastSegmentAt }] = (await api.db.query('SELECT last_segment_at AS "lastSegmentAt" FROM live_streams WHERE id = $1', [created.id])) as { lastSegmentAt: Date }[];
    expect(Date.now() - lastSegmentAt.getTime()).toBeLessThan(3000);

    // A second publisher with the same key is turned away at once.
    const second = publish(created.streamKey);
    const secondStarted = Date.now();
    expect(await second.exited).not.toBe(0);
    expect(Date.now() - secondStarted).toBeLessThan(1000);

    await new Promise((r) => setTimeout(r, 3000));
    const stopAt = Date.now();
    expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
    const ended = await events.next('stream_ended', created.id, 4000);
    expect(ended - stopAt).toBeLessThanOrEqual(4000);
    await publisher.exited;

    // The replay: the whole recording from its first segment, with the end marker, played to its end by ffmpeg.
    const replay = await until('the replay playlist', 5000, async () => {
      const body = await (await playlist(created.id)).text();
      return body.includes('#EXT-X-ENDLIST') ? body : undefined;
    });
    expect(replay).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(replay).toContain('seg-0.ts');
    const listed = [...replay.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(listed).toBeGreaterThan(3);
    const stream = (await call('GET', `/stream/${created.id}`)).body;
    expect(stream).toMatchObject({ status: 'ended', isLive: false });
    expect(stream.durationSeconds).toBeCloseTo(listed, 0);
    // Decoded from the first frame to the last, as a player would: no error, and as long as the playlist says.
    const player = spawn(ffmpeg, ['-hide_banner', '-v', 'repeat+error', '-progress', 'pipe:1', '-i', `${api.base}/live/${created.id}/index.m3u8`, '-f', 'null', '-']);
    let progress = '';
    let playerErrors = '';
    player.stdout.on('data', (d: Buffer) => (progress += d.toString()));
    player.stderr.on('data', (d: Buffer) => (playerErrors += d.toString()));
    expect(await new Promise((resolve) => player.once('exit', resolve))).toBe(0);
    // Only the decoders' complaints count: the checker's own null muxer warns when two decoded frames round to the same
    // timestamp (RTMP carries milliseconds, 33 or 34 per frame at 30 fps).
    expect(playerErrors.split('\n').filter((line) => line && !line.startsWith('[null @'))).toEqual([]);
    const playedSeconds = Number([...progress.matchAll(/out_time_ms=(\d+)/g)].pop()![1]) / 1e6;
    expect(Math.abs(playedSeconds - listed)).toBeLessThan(1.2);
    expect((await call('GET', '/stream/list')).body.replays.map((s: Json) => s.id)).toContain(created.id);
    // node-media-server's history (which would keep the stream name of every finished publish) is not running.
    expect(filesHolding(created.streamKey)).toEqual([]);
    // What viewers need is in the media store; ffmpeg's scratch is gone.
    expect(existsSync(path.join(storedFolder(created.id), 'index.m3u8'))).toBe(true);
    expect(existsSync(scratchFolder(created.id))).toBe(false);

    rtmpReplay = { id: created.id, token: owner.token };
    // The ended stream's key no longer publishes.
    const reused = publish(created.streamKey);
    const reusedAt = Date.now();
    expect(await reused.exited).not.toBe(0);
    expect(Date.now() - reusedAt).toBeLessThan(1000);
    events.close();
  }, 60_000);

  it('refuses a wrong key within 1 s, writing nothing and announcing nothing', async () => {
    const events = await globalEvents(other.base);
    const before = liveFiles();
    const [{ count }] = await api.db.query('SELECT count(*)::int AS count FROM live_streams');
    const wrongKey = `wrong${Date.now()}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`;
    const wrong = publish(wrongKey);
    earlyKeys.push(wrongKey);
    const at = Date.now();
    expect(await wrong.exited).not.toBe(0);
    expect(Date.now() - at).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 500));
    expect(liveFiles()).toEqual(before);
    expect(filesHolding(wrongKey)).toEqual([]);
    // Stream folders only: no store of node-media-server's (a dot-folder) beside them.
    expect(Object.keys(liveFiles()).filter((name) => !/^(packaging\/)?[0-9a-f-]{36}(\/|$)/.test(name))).toEqual([]);
    expect((await api.db.query('SELECT count(*)::int AS count FROM live_streams'))[0].count).toBe(count);
    expect(events.frames.filter((f) => f.channel === 'global.events' && f.type.startsWith('stream_'))).toEqual([]);
    events.close();
  });

  it('ends the stream within 4 s of its publisher going away', async () => {
    const events = await globalEvents(other.base);
    const owner = await member();
    const created = await create(owner.token);
    const publisher = publish(created.streamKey);
    await events.next('stream_started', created.id, 5000);
    await new Promise((r) => setTimeout(r, 1500));
    publisher.process.kill('SIGKILL');
    const gone = Date.now();
    expect((await events.next('stream_ended', created.id, 5000)) - gone).toBeLessThanOrEqual(4000);
    expect((await call('GET', '/stream/current', owner.token)).body.stream).toBeNull();
    events.close();
  }, 30_000);

  it('goes live from the browser: WebM slices over the WebSocket become HLS; closing the socket ends it', async () => {
    // What Chromium's MediaRecorder makes with video/webm;codecs=h264,opus and a keyframe a second.
    const webm = path.join(dataDir, 'recorder.webm');
    await run(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000',
      '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-f', 'matroska', webm,
    ]);
    const bytes = readFileSync(webm);
    const events = await globalEvents(other.base);
    const owner = await member();
    const stranger = await member();
    const created = await create(owner.token);
    const ws = (token: string | undefined, codec = 'h264') => new WebSocket(`${api.base.replace('http', 'ws')}/stream/ingest?id=${created.id}&codec=${codec}${token ? `&token=${token}` : ''}`);
    const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    expect(await closeCode(ws(undefined))).toBe(4401);
    expect(await closeCode(ws(stranger.token))).toBe(4403);
    expect(await closeCode(ws(owner.token, 'theora'))).toBe(4400);

    const socket = ws(owner.token);
    const closed = closeCode(socket);
    await new Promise((resolve) => socket.once('open', resolve));
    // Real time, in 250 ms slices, as the recorder sends them.
    const slice = Math.ceil(bytes.length / 24);
    for (let at = 0; at < bytes.length; at += slice) {
      socket.send(bytes.subarray(at, at + slice));
      await new Promise((r) => setTimeout(r, 250));
    }
    await events.next('stream_started', created.id, 5000);
    expect((await playlist(created.id)).ok).toBe(true);
    socket.close();
    expect(await closed).toBe(1005);
    await events.next('stream_ended', created.id, 5000);
    const stream = (await call('GET', `/stream/${created.id}`)).body;
    expect(stream).toMatchObject({ status: 'ended' });
    events.close();
  }, 40_000);

  it(`refuses a stream's browser ingest connections past ${INGEST_ATTEMPTS_PER_MINUTE} within a minute (4429), counted over every process`, async () => {
    const owner = await member();
    const created = await create(owner.token);
    // Each connects and soon goes, as a page reconnecting in a loop would, half through the other process; each with
    // a ticket of its own, as the web app connects. One the server keeps is closed after `patienceMs`.
    const attempt = async (base: string, patienceMs: number) => {
      const ticket = (await call('POST', '/realtime/ticket', owner.token)).body.ticket as string;
      return new Promise<[number, string]>((resolve) => {
        const socket = new WebSocket(`${base.replace('http', 'ws')}/stream/ingest?id=${created.id}&codec=h264&token=${ticket}`);
        socket.once('open', () => setTimeout(() => socket.close(), patienceMs));
        socket.on('error', () => undefined);
        socket.once('close', (code, reason) => resolve([code, String(reason)]));
      });
    };
    try {
      for (let i = 0; i < INGEST_ATTEMPTS_PER_MINUTE; i++) expect((await attempt(i % 2 ? `${other.base}/api/v1` : api.base, 200))[0]).not.toBe(4429);
      const [code, reason] = await attempt(api.base, 10_000);
      expect(code).toBe(4429);
      const wait = Number(/try again in (\d+) s$/.exec(reason)?.[1]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await attempt(`${other.base}/api/v1`, 10_000))[0]).toBe(4429);
      // Nothing was left packaging.
      await until('the pipelines to stop', 5000, async () => (api.app.get(LivePipelines).count === 0 ? true : undefined));
    } finally {
      expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
    }
  });

  it('takes one of the browser sockets that publish one stream at the same moment; the others are told the stream already receives video', async () => {
    const owner = await member();
    const created = await create(owner.token);
    // A slow disk: the stream's folder takes 300 ms to make, so the sockets all arrive while the first one starts.
    const files = api.app.get(HlsFiles);
    const create_ = files.create.bind(files);
    files.create = async (id: string) => {
      await new Promise((r) => setTimeout(r, 300));
      return create_(id);
    };
    const url = `${api.base.replace('http', 'ws')}/stream/ingest?id=${created.id}&codec=h264&token=${owner.token}`;
    const sockets = [new WebSocket(url), new WebSocket(url), new WebSocket(url)];
    const closes = sockets.map((socket) => new Promise<[number, string]>((resolve) => socket.once('close', (code, reason) => resolve([code, String(reason)]))));
    const outcome = await Promise.all(closes.map((closed) => Promise.race([closed, new Promise<'open'>((r) => setTimeout(() => r('open'), 1500))]))).finally(
      () => (files.create = create_),
    );
    expect(outcome.filter((o) => o === 'open')).toHaveLength(1);
    expect(outcome.filter((o) => o !== 'open')).toEqual([
      [4409, 'This stream already receives video'],
      [4409, 'This stream already receives video'],
    ]);
    expect(api.app.get(LivePipelines).count).toBe(1);
    for (const socket of sockets) socket.close();
    await Promise.all(closes);
    await until('the pipeline to stop', 5000, async () => (api.app.get(LivePipelines).count === 0 ? true : undefined));
    expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
  });

  it('stops a stream whose browser publisher is still starting: nothing stays running or on disk', async () => {
    const owner = await member();
    const created = await create(owner.token);
    // A slow disk again: the stop lands while the stream's folder is being made, before its pipeline exists.
    const { asked, restore } = slowFolders();
    try {
      const socket = new WebSocket(`${api.base.replace('http', 'ws')}/stream/ingest?id=${created.id}&codec=h264&token=${owner.token}`);
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await asked;
      expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
      expect(await closed).toBe(1000);
    } finally {
      restore();
    }
    await until('the pipeline to stop', 5000, async () => (api.app.get(LivePipelines).count === 0 ? true : undefined));
    await until('the folders to go', 5000, async () => (existsSync(scratchFolder(created.id)) || existsSync(storedFolder(created.id)) ? undefined : true));
    expect((await call('GET', `/stream/${created.id}`)).status).toBe(404);
  });

  it('takes one of two browser sockets that publish one stream through two API processes at the same moment', async () => {
    const owner = await member();
    const created = await create(owner.token);
    // Each socket with a single-use ticket, as the web app connects (a ticket is good on any process).
    const ticket = async () => (await call('POST', '/realtime/ticket', owner.token)).body.ticket as string;
    const url = (base: string, token: string) => `${base.replace('http', 'ws')}/stream/ingest?id=${created.id}&codec=h264&token=${token}`;
    const [one, two] = [await ticket(), await ticket()];
    const sockets = [new WebSocket(url(api.base, one)), new WebSocket(url(`${other.base}/api/v1`, two))];
    const closes = sockets.map((socket) => new Promise<[number, string]>((resolve) => socket.once('close', (code, reason) => resolve([code, String(reason)]))));
    const outcome = await Promise.all(closes.map((closed) => Promise.race([closed, new Promise<'open'>((r) => setTimeout(() => r('open'), 2000))])));
    expect(outcome.filter((o) => o === 'open')).toHaveLength(1);
    expect(outcome.filter((o) => o !== 'open')).toEqual([[4409, 'This stream already receives video']]);
    for (const socket of sockets) socket.close();
    await Promise.all(closes);
    // The winner's pipeline stopped without going live: the stream is free to publish again, from either process.
    await until('the hold to be given back', 5000, async () => {
      const [row] = await api.db.query<{ held: boolean }>('SELECT publisher_until IS NOT NULL AS held FROM live_streams WHERE id = $1', [created.id]);
      return row.held ? undefined : true;
    });
    expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
  });

  it('encodes VP8 from a browser to H.264, one at a time over every process (LIVE_MAX_TRANSCODES=1): a second is told the server is full, here and on another process', async () => {
    // What a browser without H.264 recording sends: VP8 and Opus in WebM.
    const webm = path.join(dataDir, 'recorder-vp8.webm');
    await run(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000',
      '-t', '8', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', '25', '-b:v', '500k', '-c:a', 'libopus', '-f', 'webm', webm,
    ]);
    const bytes = readFileSync(webm);
    const events = await globalEvents(other.base);
    const [first, second] = [await member(), await member()];
    const [one, two] = [await create(first.token), await create(second.token)];
    const ingest = (stream: string, token: string) => new WebSocket(`${api.base.replace('http', 'ws')}/stream/ingest?id=${stream}&codec=vp8&token=${token}`);
    const socket = ingest(one.id, first.token);
    await new Promise((resolve) => socket.once('open', resolve));
    const slice = Math.ceil(bytes.length / 32);
    let at = 0;
    const feed = setInterval(() => {
      if (at < bytes.length) socket.send(bytes.subarray(at, (at += slice)));
    }, 250);
    await events.next('stream_started', one.id, 8000);
    const full = ingest(two.id, second.token);
    expect(await new Promise((resolve) => full.once('close', (code, reason) => resolve([code, String(reason)])))).toEqual([1013, 'The server has no free live slot now; try again in a few minutes']);
    // The other process transcodes nothing itself, and still counts this one.
    const ticket = (await call('POST', '/realtime/ticket', second.token)).body.ticket as string;
    const fullThere = new WebSocket(`${other.base.replace('http', 'ws')}/api/v1/stream/ingest?id=${two.id}&codec=vp8&token=${ticket}`);
    expect(await new Promise((resolve) => fullThere.once('close', (code, reason) => resolve([code, String(reason)])))).toEqual([
      1013,
      'The server has no free live slot now; try again in a few minutes',
    ]);
    const playlist = await (await fetch(`${api.base}/live/${one.id}/index.m3u8`)).text();
    const segment = Buffer.from(await (await fetch(`${api.base}/live/${one.id}/${/seg-\d+\.ts/.exec(playlist)![0]}`)).arrayBuffer());
    // The segment is H.264 (stream type 0x1b in the program map), which every HLS player takes.
    expect(segment.includes(Buffer.from([0x1b, 0xe1, 0x00]))).toBe(true);
    clearInterval(feed);
    socket.close();
    await events.next('stream_ended', one.id, 5000);
    await call('POST', `/stream/${two.id}/stop`, second.token);
    events.close();
  }, 40_000);

  it('refuses the key of a stream that ended with no event reaching the RTMP ingest (the database answers each publisher)', async () => {
    const owner = await member();
    const created = await create(owner.token);
    // Ended behind the API's back, as when the `retired` event is lost while the bus reconnects.
    await api.db.query(`UPDATE live_streams SET status = 'ended', ended_at = now() WHERE id = $1`, [created.id]);
    const before = liveFiles();
    const publisher = publish(created.streamKey);
    const at = Date.now();
    expect(await publisher.exited).not.toBe(0);
    expect(Date.now() - at).toBeLessThan(1000);
    // And again: nothing was kept of the first answer.
    const again = publish(created.streamKey);
    expect(await again.exited).not.toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(liveFiles()).toEqual(before);
    expect(existsSync(storedFolder(created.id))).toBe(false);
    expect(existsSync(scratchFolder(created.id))).toBe(false);
    expect((await call('GET', `/stream/${created.id}`)).body).toMatchObject({ status: 'ended', startedAt: null });
    await api.db.query('DELETE FROM live_streams WHERE id = $1', [created.id]);
  });

  it('takes a key the moment its stream is created, with nothing announced between processes: the database answers the publisher', async () => {
    const events = await globalEvents(other.base);
    const owner = await member();
    const internal: string[] = [];
    const stopListening = api.app.get(EventBus).onEvent((event) => void (event.channel === 'internal.live' && internal.push(event.type)));
    const created = await create(owner.token);
    try {
      publish(created.streamKey);
      await events.next('stream_started', created.id, 5000);
      expect(internal).toEqual([]);
    } finally {
      stopListening();
      expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
    }
    await events.next('stream_ended', created.id, 5000);
    events.close();
  }, 30_000);

  it('drops an RTMP publisher whose stream is stopped while its pipeline starts: nothing stays running or on disk', async () => {
    const owner = await member();
    const created = await create(owner.token);
    const { asked, restore } = slowFolders();
    try {
      const publisher = publish(created.streamKey);
      await asked;
      expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
      expect(await publisher.exited).not.toBe(0);
    } finally {
      restore();
    }
    expect(api.app.get(LivePipelines).count).toBe(0);
    await until('the folders to go', 5000, async () => (existsSync(scratchFolder(created.id)) || existsSync(storedFolder(created.id)) ? undefined : true));
    expect((await call('GET', `/stream/${created.id}`)).status).toBe(404);
  }, 30_000);

  it("stops packaging a stream deleted behind this process's back (no event): the renewal of its hold finds it gone", async () => {
    const events = await globalEvents(other.base);
    const owner = await member();
    const created = await create(owner.token);
    const files = api.app.get(HlsFiles);
    const create_ = files.create.bind(files);
    files.create = async (id: string) => {
      // Deleted while the folder is made, as a process that missed the `retired` event would have it.
      await api.db.query('DELETE FROM live_streams WHERE id = $1', [id]);
      return create_(id);
    };
    try {
      const publisher = publish(created.streamKey);
      expect(await publisher.exited).not.toBe(0);
    } finally {
      files.create = create_;
    }
    await until('the pipeline to stop', 5000, async () => (api.app.get(LivePipelines).count === 0 ? true : undefined));
    await until('the folders to go', 5000, async () => (existsSync(scratchFolder(created.id)) || existsSync(storedFolder(created.id)) ? undefined : true));
    expect(events.frames.filter((f) => f.data?.id === created.id && f.type === 'stream_started')).toEqual([]);
    events.close();
  }, 30_000);

  it('stops a stream live for LIVE_MAX_HOURS as its owner would: stream_ended, a replay', async () => {
    const events = await globalEvents(other.base);
    const owner = await member();
    const created = await create(owner.token);
    const publisher = publish(created.streamKey);
    await events.next('stream_started', created.id, 5000);
    const maintenance = api.app.get(LiveMaintenance);
    await api.db.query(`UPDATE live_streams SET started_at = now() - interval '5 hours 58 minutes' WHERE id = $1`, [created.id]);
    await maintenance.run();
    expect((await call('GET', `/stream/${created.id}`)).body.status).toBe('live');
    await api.db.query(`UPDATE live_streams SET started_at = now() - interval '6 hours 1 minute' WHERE id = $1`, [created.id]);
    const at = Date.now();
    await maintenance.run();
    expect((await events.next('stream_ended', created.id, 4000)) - at).toBeLessThanOrEqual(4000);
    await publisher.exited;
    const replay = await until('the replay playlist', 5000, async () => {
      const body = await (await playlist(created.id)).text();
      return body.includes('#EXT-X-ENDLIST') ? body : undefined;
    });
    expect(replay).toContain('seg-0.ts');
    expect((await call('GET', `/stream/${created.id}`)).body).toMatchObject({ status: 'ended' });
    events.close();
  }, 30_000);

  it('says when every live slot is taken, and frees the slots of streams nobody published within LIVE_READY_MINUTES', async () => {
    const owners = await Promise.all([member(), member(), member(), member(), member()]);
    const made = await Promise.all(owners.slice(0, 4).map(async (owner) => ({ token: owner.token, id: (await create(owner.token, 'Slot')).id })));
    const full = await call('POST', '/stream/create', owners[4].token, { title: 'Za dużo', genre: 'pop' });
    expect(full.status).toBe(503);
    expect(full.body).toMatchObject({ code: 'live_full' });
    const maintenance = api.app.get(LiveMaintenance);
    await maintenance.run(new Date(Date.now() + 14 * 60_000));
    expect((await call('GET', `/stream/${made[0].id}`)).body.status).toBe('ready');
    // Created 16 minutes ago, as the database sees it: such a stream holds no slot, even before the sweep drops it.
    await api.db.query(`UPDATE live_streams SET created_at = now() - interval '16 minutes' WHERE id = $1`, [made[0].id]);
    const mine = await call('POST', '/stream/create', owners[4].token, { title: 'Teraz jest miejsce', genre: 'pop' });
    expect(mine.status).toBe(200);
    const events = await globalEvents(other.base);
    // One of them has a publisher starting right now (its hold in the database): that one is not stale.
    const [starting, ...unpublished] = made;
    await api.db.query(`UPDATE live_streams SET publisher_until = now() + interval '1 minute' WHERE id = $1`, [starting.id]);
    // The sweep 16 minutes on drops every other one that nobody published, announcing it and refusing its key.
    await maintenance.run(new Date(Date.now() + 16 * 60_000));
    for (const { id } of [...unpublished, { id: mine.body.id as string }]) {
      expect((await call('GET', `/stream/${id}`)).status).toBe(404);
      await events.next('stream_ended', id, 2000);
    }
    expect((await call('GET', `/stream/${starting.id}`)).body.status).toBe('ready');
    expect((await call('POST', `/stream/${starting.id}/stop`, starting.token)).status).toBe(204);
    const refused = publish(mine.body.streamKey);
    expect(await refused.exited).not.toBe(0);
    expect((await call('POST', '/stream/create', owners[0].token, { title: 'Od nowa', genre: 'pop' })).status).toBe(200);
    await call('POST', `/stream/${(await call('GET', '/stream/current', owners[0].token)).body.stream.id}/stop`, owners[0].token);
    events.close();
  });

  it('never writes a stream key to disk, not even once node-media-server ends a publish (30 s after its publisher went away)', async () => {
    const settled = (key: string) => publishEnded.has(key) && Date.now() - publishEnded.get(key)! > 31_000;
    expect(earlyKeys).toHaveLength(2);
    await until('the early publishes to end inside node-media-server', 40_000, async () => (earlyKeys.every(settled) ? true : undefined));
    const keys = [...publishEnded.keys()].filter(settled);
    expect(keys.filter((key) => filesHolding(key).length > 0)).toEqual([]);
  }, 60_000);

  // After the check above: a worker that dies takes the publishes it still held open (and would have written) with it.
  it('survives garbage on the RTMP port, and a dead RTMP worker comes back by itself', async () => {
    const { connect } = await import('node:net');
    for (const junk of [Buffer.alloc(5000, 0xff), Buffer.from('GET / HTTP/1.1\r\n\r\n'), Buffer.concat([Buffer.from([3]), Buffer.alloc(1536, 7), Buffer.alloc(3000, 9)])]) {
      await new Promise<void>((resolve) => {
        const socket = connect(rtmpPort, '127.0.0.1', () => socket.end(junk));
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
        setTimeout(() => (socket.destroy(), resolve()), 1000);
      });
    }
    const owner = await member();
    const first = await create(owner.token);
    const events = await globalEvents(other.base);
    const publisher = publish(first.streamKey);
    await events.next('stream_started', first.id, 5000);
    publisher.process.kill('SIGKILL');
    await events.next('stream_ended', first.id, 5000);

    // The worker dies (as a bug in node-media-server would kill it); a second later it listens again. It is told nothing:
    // a stream created meanwhile publishes, since the database answers the publisher.
    await (api.app.get(RtmpIngest) as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const second = await create(owner.token);
    // As OBS does, the publisher tries again (every second) until the server takes it.
    await until('the restarted worker to take the publisher', 15_000, async () => {
      const attempt = publish(second.streamKey);
      return (await Promise.race([attempt.exited, new Promise((r) => setTimeout(() => r('publishing'), 1000))])) === 'publishing' ? true : undefined;
    });
    await events.next('stream_started', second.id, 5000);
    expect((await call('POST', `/stream/${second.id}/stop`, owner.token)).status).toBe(204);
    await events.next('stream_ended', second.id, 5000);
    events.close();
  }, 30_000);

  it('lets the owner delete a replay with its video, and says so on global.events (stream_deleted, on another process too)', async () => {
    const { id, token } = rtmpReplay!;
    const events = await globalEvents(other.base);
    expect(existsSync(storedFolder(id))).toBe(true);
    expect((await call('DELETE', `/stream/${id}`, token)).status).toBe(204);
    await events.next('stream_deleted', id, 2000);
    expect(events.frames.find((f) => f.type === 'stream_deleted')).toEqual({ type: 'stream_deleted', channel: 'global.events', data: { id } });
    expect((await call('GET', `/stream/${id}`)).status).toBe(404);
    expect((await playlist(id)).status).toBe(404);
    expect(existsSync(storedFolder(id))).toBe(false);
    events.close();
  });

  it('writes the replay its ender could not (the store away then) at the sweep, two minutes after the stream ended', async () => {
    const [{ id }] = (await api.db.query(
      `SELECT id FROM live_streams s WHERE status = 'ended' AND EXISTS (SELECT 1 FROM live_segments g WHERE g.stream_id = s.id) ORDER BY ended_at LIMIT 1`,
    )) as { id: string }[];
    const stored = path.join(storedFolder(id), 'index.m3u8');
    const replay = readFileSync(stored, 'utf8');
    // As if the store had not answered when the stream ended: the live window is still its playlist, no length.
    writeFileSync(stored, '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:1.000000,\nseg-3.ts\n');
    await api.db.query('UPDATE live_streams SET duration_seconds = NULL WHERE id = $1', [id]);
    const [{ endedAt }] = (await api.db.query('SELECT ended_at AS "endedAt" FROM live_streams WHERE id = $1', [id])) as { endedAt: Date }[];
    await api.app.get(LiveMaintenance).run(new Date(endedAt.getTime() + 60_000));
    expect(readFileSync(stored, 'utf8')).not.toContain('#EXT-X-ENDLIST');
    await api.app.get(LiveMaintenance).run(new Date(endedAt.getTime() + 180_000));
    expect(readFileSync(stored, 'utf8')).toBe(replay);
    expect((await call('GET', `/stream/${id}`)).body.durationSeconds).toBeGreaterThan(0);
  });

  it('sweeps the files of streams that no longer exist once they are an hour old, and keeps those of streams that do', async () => {
    const storage = api.app.get(MediaStorage);
    const [{ id: kept }] = (await api.db.query(`SELECT id FROM live_streams WHERE status = 'ended' ORDER BY ended_at LIMIT 1`)) as { id: string }[];
    const gone = randomUUID();
    await storage.put(`live/${gone}/seg-0.ts`, 'left by a crash');
    await storage.put(`live/${gone}/index.m3u8`, '#EXTM3U\n');
    const keptBefore = readdirSync(storedFolder(kept)).sort();
    // Fresh: a stream's first segment may reach the store a moment before anything else is known of it.
    await api.app.get(LiveMaintenance).sweepFiles(new Date());
    expect(existsSync(storedFolder(gone))).toBe(true);
    await api.app.get(LiveMaintenance).sweepFiles(new Date(Date.now() + 2 * 3600_000));
    expect(existsSync(storedFolder(gone))).toBe(false);
    expect(readdirSync(storedFolder(kept)).sort()).toEqual(keptBefore);
  });

  it('removes replays past LIVE_RETENTION_DAYS, with their files, announcing each (stream_deleted)', async () => {
    const [{ id }] = (await api.db.query(`SELECT id FROM live_streams WHERE status = 'ended' ORDER BY ended_at LIMIT 1`)) as { id: string }[];
    const events = await globalEvents(other.base);
    expect(existsSync(storedFolder(id))).toBe(true);
    await api.app.get(LiveMaintenance).run(new Date(Date.now() + 29 * 86_400_000));
    expect((await call('GET', `/stream/${id}`)).status).toBe(200);
    await api.app.get(LiveMaintenance).run(new Date(Date.now() + 31 * 86_400_000));
    expect((await call('GET', `/stream/${id}`)).status).toBe(404);
    expect(existsSync(storedFolder(id))).toBe(false);
    expect((await playlist(id)).status).toBe(404);
    await events.next('stream_deleted', id, 2000);
    events.close();
  });
});
