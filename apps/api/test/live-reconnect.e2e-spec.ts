import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { Metrics } from '../src/core/metrics/metrics';
import { LiveMaintenance } from '../src/live/live-maintenance.service';
import { Ffmpeg } from '../src/repositories/ffmpeg';
import { useApiUnderTest } from './support/app';
import { type Cluster, requestFrom, startCluster } from './support/cluster';
import { createTestDatabase, type TestDatabase } from './support/database';
import { freePort } from './support/free-port';
import { membersOf } from './support/members';
import { run, until } from './support/waiting';

// A publisher whose connection drops and who comes back within LIVE_RECONNECT_SECONDS, to any process, continues the
// same stream (docs/live.md, "Reconnecting"): viewers see a discontinuity, not the end, and the replay holds every part.

/** A test pattern with a tone as OBS sends it (x264 zerolatency, a keyframe every second, AAC), looped by `publish`. */
async function makeClip(ffmpeg: string, file: string): Promise<void> {
  await run(ffmpeg, [
    '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', file,
  ]);
}

/** ffmpeg publishing the clip over RTMP in real time, looping, like OBS. */
function publisher(ffmpeg: string, clip: string, port: number, key: string, all: Set<ChildProcess>): ChildProcess {
  const p = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${port}/live/${key}`], { stdio: 'ignore' });
  all.add(p);
  return p;
}

/** The segment files a playlist lists, by number, in order. */
const listed = (text: string) => [...text.matchAll(/^seg-(\d+)\.ts$/gm)].map((m) => Number(m[1]));
/** The number of the segment right after each discontinuity mark of a playlist (a live one dates its segments). */
const afterMarks = (text: string) => [...text.matchAll(/#EXT-X-DISCONTINUITY\n(?:#EXT-X-PROGRAM-DATE-TIME:\S+\n)?#EXTINF:[\d.]+,\nseg-(\d+)\.ts/g)].map((m) => Number(m[1]));

interface JournalRow {
  sequence: number;
  discontinuity: boolean;
}

describe('a publisher who comes back to another process of the cluster continues the same stream', () => {
  let db: TestDatabase;
  let cluster: Cluster;
  let lb = '';
  let ffmpeg = '';
  let clip = '';
  const publishers = new Set<ChildProcess>();
  let client = 30;
  const nextAddress = () => `127.0.0.${client++}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    cluster = await startCluster(db.url, 2, { LIVE_RECONNECT_SECONDS: '20' });
    lb = `${cluster.balancer.base}/api/v1`;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    ffmpeg = process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    clip = path.join(cluster.dataDirs[0], 'clip.flv');
    await makeClip(ffmpeg, clip);
  }, 120_000);

  afterAll(async () => {
    for (const p of publishers) p.kill('SIGKILL');
    await cluster?.stop();
    await db?.drop();
  });

  it('keeps the stream live while its publisher is away, continues its numbering after a discontinuity on either process, and replays every part', async () => {
    const address = nextAddress();
    const email = `reconnect-${Date.now()}@example.com`;
    expect((await requestFrom(address, `${lb}/auth/signup`, { method: 'POST', body: { email, password: 'riff-raff-123' } })).status).toBe(201);
    await db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const token = (await requestFrom(address, `${lb}/auth/token?grant_type=password`, { method: 'POST', body: { email, password: 'riff-raff-123' } })).json().access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const created = await requestFrom(address, `${lb}/stream/create`, { method: 'POST', headers: auth, body: { title: 'Koncert z przerwą', genre: 'rock' } });
    const { id, streamKey } = created.json() as { id: string; streamKey: string };

    // Every stream event any process announces, through the balancer, as the web app hears them.
    const events: { type: string; data?: { id?: string } }[] = [];
    const socket = new WebSocket(`${lb.replace('http', 'ws')}/realtime`, { localAddress: address });
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ action: 'subscribe', channel: 'global.events' }));

    const playlist = async () => {
      const res = await requestFrom(address, `${lb}/live/${id}/index.m3u8`);
      return res.status === 200 ? res.body.toString() : undefined;
    };
    const journal = () => db.query<JournalRow>('SELECT sequence, discontinuity FROM live_segments WHERE stream_id = $1 ORDER BY sequence', [id]);
    const statusSeen = new Set<string>();
    const status = async () => {
      const seen = (await requestFrom(address, `${lb}/stream/${id}`)).json().status as string;
      statusSeen.add(seen);
      return seen;
    };
    const awaiting = async () => (await db.query<{ at: Date | null }>('SELECT disconnected_at AS at FROM live_streams WHERE id = $1', [id]))[0].at !== null;
    /** Kills the publisher (no goodbye, as a dropped connection) once it sent a few segments; resolves when the stream awaits it. */
    const drop = async (p: ChildProcess) => {
      const before = (await journal()).length;
      await until('a few segments', 20_000, async () => ((await journal()).length >= before + 3 ? true : undefined), 200);
      p.kill('SIGKILL');
      await until('the stream to await its publisher', 15_000, async () => ((await status()) === 'live' && (await awaiting()) ? true : undefined), 200);
      return (await journal()).at(-1)!.sequence;
    };

    const first = publisher(ffmpeg, clip, cluster.rtmpPorts[0], streamKey, publishers);
    await until('the stream to go live', 20_000, async () => ((await playlist()) ? true : undefined), 200);
    const lastOfFirst = await drop(first);
    // Viewers keep the playlist they had: still live, ending with the last segment sent, no end marker.
    const meanwhile = (await playlist())!;
    expect(meanwhile).not.toContain('#EXT-X-ENDLIST');
    expect(listed(meanwhile).at(-1)).toBe(lastOfFirst);

    // Back, to the other process (its RTMP port): the stream goes on after a discontinuity, numbered on.
    const second = publisher(ffmpeg, clip, cluster.rtmpPorts[1], streamKey, publishers);
    const resumed = await until('the playlist to go on', 20_000, async () => {
      const text = await playlist();
      return text && afterMarks(text).length === 1 ? text : undefined;
    }, 200);
    expect(afterMarks(resumed)).toEqual([lastOfFirst + 1]);
    const numbers = listed(resumed);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    await until('the stream to no longer await its publisher', 5000, async () => ((await awaiting()) ? undefined : true), 100);

    // Dropped again and back to the same process: node-media-server there still holds the first publish, and takes it back.
    const lastOfSecond = await drop(second);
    publisher(ffmpeg, clip, cluster.rtmpPorts[1], streamKey, publishers);
    await until('the third part', 20_000, async () => {
      const text = await playlist();
      return text && afterMarks(text).includes(lastOfSecond + 1) ? true : undefined;
    }, 200);
    await until('a few segments of the third part', 20_000, async () => ((await journal()).length >= lastOfSecond + 4 ? true : undefined), 200);

    expect([...statusSeen]).toEqual(['live']);
    expect(events.filter((e) => e.type === 'stream_ended')).toEqual([]);
    expect(events.filter((e) => e.type === 'stream_started' && e.data?.id === id)).toHaveLength(1);

    // The owner stops it: a replay of every part, numbered without a gap, with a discontinuity before each part after the first.
    expect((await requestFrom(address, `${lb}/stream/${id}/stop`, { method: 'POST', headers: auth })).status).toBe(204);
    const replay = await until('the replay', 15_000, async () => {
      const text = await playlist();
      return text?.includes('#EXT-X-ENDLIST') ? text : undefined;
    }, 200);
    const rows = await journal();
    expect(listed(replay)).toEqual(rows.map((r) => r.sequence));
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i));
    expect(rows.filter((r) => r.discontinuity).map((r) => r.sequence)).toEqual([lastOfFirst + 1, lastOfSecond + 1]);
    expect(afterMarks(replay)).toEqual([lastOfFirst + 1, lastOfSecond + 1]);
    expect(replay).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    await until('stream_ended', 5000, async () => (events.some((e) => e.type === 'stream_ended' && e.data?.id === id) ? true : undefined), 100);
    // Every segment it lists is served, whichever process stored it.
    for (const n of listed(replay)) expect([n, (await requestFrom(address, `${lb}/live/${id}/seg-${n}.ts`)).status]).toEqual([n, 200]);
    // A player decodes it from the first segment to the last (not a synchronous child: the bucket runs in this process).
    // Only the decoders' complaints count: ffmpeg's HLS reader ignores discontinuities, so its own null muxer complains
    // of each timestamp of a part that starts afresh (hls.js and Safari start a new timeline there).
    const player = spawn(ffmpeg, ['-hide_banner', '-v', 'error', '-i', `${lb}/live/${id}/index.m3u8`, '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    player.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    expect(await new Promise((resolve) => player.once('exit', resolve))).toBe(0);
    expect(errors.split('\n').filter((line) => line && !line.startsWith('[null @'))).toEqual([]);
    socket.close();
  }, 150_000);
});

describe('a publisher who does not come back, the owner stopping a stream that waits, and the live metrics', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-live-reconnect-'));
  let rtmpPort = 0;
  beforeAll(async () => {
    rtmpPort = await freePort();
  });
  const api = useApiUnderTest(() => ({ RTMP_PORT: String(rtmpPort), DATA_DIR: dataDir, LIVE_RECONNECT_SECONDS: '3' }));
  const { member, call } = membersOf(api, '198.18.50');
  const publishers = new Set<ChildProcess>();
  let ffmpeg = '';
  const clip = path.join(dataDir, 'clip.flv');
  beforeAll(async () => {
    ffmpeg = api.app.get(Ffmpeg).binary;
    await makeClip(ffmpeg, clip);
  }, 30_000);
  afterAll(() => {
    for (const p of publishers) p.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = async (token: string) => (await call('POST', '/stream/create', token, { title: 'Próba', genre: 'jazz' })).body as { id: string; streamKey: string };
  const row = async (id: string) =>
    (await api.db.query<{ status: string; disconnectedAt: Date | null; endedAt: Date | null }>('SELECT status, disconnected_at AS "disconnectedAt", ended_at AS "endedAt" FROM live_streams WHERE id = $1', [id]))[0];
  const segmentsOf = async (id: string) => (await api.db.query<JournalRow>('SELECT sequence, discontinuity FROM live_segments WHERE stream_id = $1 ORDER BY sequence', [id]));
  /** A metric's value as Prometheus would read it from this process, by its name and labels as written. */
  const metric = async (name: string) => {
    const line = (await api.app.get(Metrics).text()).split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };

  it('publishes the live figures while a stream is published: publishers, transcodes, streams, viewers, segments and their delay', async () => {
    const owner = await member();
    const other = await member();
    const { id, streamKey } = await create(owner.token);
    await create(other.token);
    const p = publisher(ffmpeg, clip, rtmpPort, streamKey, publishers);
    await until('the stream to go live', 20_000, async () => ((await row(id)).status === 'live' ? true : undefined), 200);
    await until('a few segments', 20_000, async () => ((await segmentsOf(id)).length >= 3 ? true : undefined), 200);
    expect((await fetch(`${api.base}/live/${id}/index.m3u8?viewer=one-viewer`)).status).toBe(200);

    const journaled = (await segmentsOf(id)).length;
    expect(await metric('grouarock_live_ingest_connections{protocol="rtmp"}')).toBe(1);
    expect(await metric('grouarock_live_ingest_connections{protocol="websocket"}')).toBe(0);
    expect(await metric('grouarock_live_transcodes')).toBe(0);
    expect(await metric('grouarock_live_streams{state="live"}')).toBe(1);
    expect(await metric('grouarock_live_streams{state="ready"}')).toBe(1);
    expect(await metric('grouarock_live_viewers')).toBe(1);
    // Each segment counted once it is listed for viewers (one more may have come since the journal was read).
    const published = (await metric('grouarock_live_segments_published_total'))!;
    expect(published - journaled).toBeGreaterThanOrEqual(0);
    expect(published - journaled).toBeLessThanOrEqual(1);
    const delays = (await metric('grouarock_live_segment_delay_seconds_count'))!;
    expect(delays).toBeGreaterThanOrEqual(journaled);
    // From ffmpeg listing a segment to its playlist in the store (the local folder here): well under a segment.
    expect((await metric('grouarock_live_segment_delay_seconds_sum'))! / delays).toBeLessThan(0.5);
    p.kill('SIGKILL');
  }, 60_000);

  it('ends a stream whose publisher does not come back within LIVE_RECONNECT_SECONDS, as a replay of what it sent', async () => {
    const owner = await member();
    const { id, streamKey } = await create(owner.token);
    const p = publisher(ffmpeg, clip, rtmpPort, streamKey, publishers);
    await until('a few segments', 20_000, async () => ((await segmentsOf(id)).length >= 3 ? true : undefined), 200);
    p.kill('SIGKILL');
    const gone = Date.now();
    // Live and awaiting the publisher first (the video stops three segment lengths after the drop)…
    const waiting = await until('the stream to await its publisher', 10_000, async () => {
      const now = await row(id);
      return now.disconnectedAt ? now : undefined;
    }, 100);
    expect(waiting.status).toBe('live');
    expect((await call('GET', `/stream/${id}`)).body).toMatchObject({ status: 'live', isLive: true });
    // …then ended by the window (3 s), without anyone asking.
    const ended = await until('the stream to end', 15_000, async () => {
      const now = await row(id);
      return now.status === 'ended' ? now : undefined;
    }, 200);
    expect(ended.endedAt!.getTime() - waiting.disconnectedAt!.getTime()).toBeGreaterThanOrEqual(2500);
    expect(Date.now() - gone).toBeLessThan(15_000);
    const replay = await until('the replay', 5000, async () => {
      const text = await (await fetch(`${api.base}/live/${id}/index.m3u8`)).text();
      return text.includes('#EXT-X-ENDLIST') ? text : undefined;
    }, 100);
    expect(replay).not.toContain('#EXT-X-DISCONTINUITY');
    expect(listed(replay)).toEqual((await segmentsOf(id)).map((s) => s.sequence));
    expect((await call('GET', `/stream/${id}`)).body.durationSeconds).toBeGreaterThan(2);
    // Its key no longer publishes.
    const late = publisher(ffmpeg, clip, rtmpPort, streamKey, publishers);
    expect(await new Promise((resolve) => late.once('exit', resolve))).not.toBe(0);
  }, 60_000);

  it("ends at once a stream its owner stops while it awaits its publisher, with the replay of what was sent", async () => {
    const owner = await member();
    const { id, streamKey } = await create(owner.token);
    const p = publisher(ffmpeg, clip, rtmpPort, streamKey, publishers);
    await until('a few segments', 20_000, async () => ((await segmentsOf(id)).length >= 3 ? true : undefined), 200);
    p.kill('SIGKILL');
    const waiting = await until('the stream to await its publisher', 10_000, async () => {
      const now = await row(id);
      return now.disconnectedAt ? now : undefined;
    }, 50);
    expect((await call('POST', `/stream/${id}/stop`, owner.token)).status).toBe(204);
    const ended = await row(id);
    expect(ended.status).toBe('ended');
    expect(ended.endedAt!.getTime() - waiting.disconnectedAt!.getTime()).toBeLessThan(2500);
    const replay = await (await fetch(`${api.base}/live/${id}/index.m3u8`)).text();
    expect(replay).toContain('#EXT-X-ENDLIST');
    expect(listed(replay)).toEqual((await segmentsOf(id)).map((s) => s.sequence));
  }, 60_000);

  it('continues from a new socket a browser stream whose connection was lost, and ends at once one whose page closes its socket', async () => {
    // What Chromium's MediaRecorder makes with video/webm;codecs=h264,opus and a keyframe a second.
    const webm = path.join(dataDir, 'recorder.webm');
    await run(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000',
      '-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-f', 'matroska', webm,
    ]);
    const bytes = readFileSync(webm);
    const owner = await member();
    const { id } = await create(owner.token);
    /** A page publishing the recording in real time, in 250 ms slices; the socket, once it has sent it all. */
    const page = async () => {
      const ticket = (await call('POST', '/realtime/ticket', owner.token)).body.ticket as string;
      const socket = new WebSocket(`${api.base.replace('http', 'ws')}/stream/ingest?id=${id}&codec=h264&token=${ticket}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const slice = Math.ceil(bytes.length / 20);
      for (let at = 0; at < bytes.length; at += slice) {
        socket.send(bytes.subarray(at, at + slice));
        await new Promise((r) => setTimeout(r, 250));
      }
      return socket;
    };
    const first = await page();
    await until('a few segments', 10_000, async () => ((await segmentsOf(id)).length >= 3 ? true : undefined), 100);
    // The connection is lost (no close frame): the stream waits for the page to come back.
    first.terminate();
    await until('the stream to await its publisher', 10_000, async () => ((await row(id)).disconnectedAt ? true : undefined), 100);
    const lastOfFirst = (await segmentsOf(id)).at(-1)!.sequence;

    const second = await page();
    await until('the second part', 10_000, async () => ((await segmentsOf(id)).length >= lastOfFirst + 3 ? true : undefined), 100);
    expect(await row(id)).toMatchObject({ status: 'live', disconnectedAt: null });
    // Stopping on purpose closes the socket with a close frame: it ends at once, a replay of both parts.
    second.close(1000);
    const replay = await until('the replay', 10_000, async () => {
      const text = await (await fetch(`${api.base}/live/${id}/index.m3u8`)).text();
      return text.includes('#EXT-X-ENDLIST') ? text : undefined;
    }, 100);
    expect((await row(id)).status).toBe('ended');
    expect(afterMarks(replay)).toEqual([lastOfFirst + 1]);
    const numbers = listed(replay);
    expect(numbers).toEqual(numbers.map((_, i) => i));
  }, 60_000);

  it('ends, at the sweep of any process, a stream whose publisher did not come back when the process that saw it drop is gone', async () => {
    const owners = await Promise.all([member(), member(), member()]);
    const [gone, recent, returning] = await Promise.all(owners.map((o) => create(o.token)));
    // As a process that died after its publisher dropped would leave them: live, awaiting, and no timer anywhere.
    const awaitingSince = async (id: string, seconds: number, held = false) =>
      api.db.query(
        `UPDATE live_streams SET status = 'live', started_at = now(), last_segment_at = now() - make_interval(secs => $2), disconnected_at = now() - make_interval(secs => $2),
         publisher_until = CASE WHEN $3 THEN now() + interval '15 seconds' END WHERE id = $1`,
        [id, seconds, held],
      );
    await awaitingSince(gone.id, 10);
    await awaitingSince(recent.id, 1);
    // Past the window, but a publisher coming back holds it (starting, on some process).
    await awaitingSince(returning.id, 10, true);
    await api.app.get(LiveMaintenance).run();
    expect((await row(gone.id)).status).toBe('ended');
    expect((await row(recent.id)).status).toBe('live');
    expect((await row(returning.id)).status).toBe('live');
    // Nor is it taken for a stream whose packager went away: it waits out its window, then ends.
    await api.app.get(LiveMaintenance).run(new Date(Date.now() + 1000));
    expect((await row(recent.id)).status).toBe('live');
    await api.app.get(LiveMaintenance).run(new Date(Date.now() + 5000));
    expect((await row(recent.id)).status).toBe('ended');
    expect((await call('POST', `/stream/${returning.id}/stop`, owners[2].token)).status).toBe(204);
  });
});
