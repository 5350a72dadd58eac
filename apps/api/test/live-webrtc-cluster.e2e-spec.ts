import { type ChildProcess, spawn } from 'node:child_process';
import { browserWhepView, type BrowserViewer } from './support/browser-whep';
import { type Cluster, requestFrom, startCluster } from './support/cluster';
import { createTestDatabase, type TestDatabase } from './support/database';
import { freeUdpPort } from './support/free-port';
import { until as waitFor } from './support/waiting';
import { until, whepView, type WhepViewer } from './support/webrtc-clients';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ffmpeg: string = process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const TRICKLE = 'application/trickle-ice-sdpfrag';

/** Polls `probe` every 200 ms until it gives a value (one that throws, say a process killed meanwhile, gives none). */
const eventually = <T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> => waitFor(what, ms, () => probe().catch(() => undefined), 200);

/**
 * An encoder as OBS runs it with its default "reconnect automatically": x264 zerolatency with a keyframe each second
 * and AAC to `port`, started again a second after its connection ends (a refused publish, or its server gone) until
 * it is stopped.
 */
function keepPublishing(port: () => number, key: string): { stop: () => void; starts: () => number } {
  let encoder: ChildProcess | undefined;
  let stopped = false;
  let starts = 0;
  const start = () => {
    if (stopped) return;
    starts++;
    encoder = spawn(
      ffmpeg,
      [
        '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30',
        '-f', 'lavfi', '-i', 'aevalsrc=sin(440*2*PI*t)|sin(660*2*PI*t):s=48000:c=stereo',
        '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k',
        '-f', 'flv', `rtmp://127.0.0.1:${port()}/live/${key}`,
      ],
      { stdio: 'ignore' },
    );
    encoder.once('exit', () => setTimeout(start, 1000));
  };
  start();
  return {
    stop: () => {
      stopped = true;
      encoder?.kill('SIGKILL');
    },
    starts: () => starts,
  };
}

/**
 * WebRTC over several API processes behind the balancer (docs/live.md, "Several replicas"): a stream's media is in the
 * engine of the process its publisher reached; WHEP, PATCH and DELETE reaching the other one are forwarded to it, and
 * the media goes from its own UDP port straight to the viewer. Then that process is killed mid-stream.
 */
describe('WebRTC over two API processes: signalling reaches the process with the media, and a replica killed mid-stream', () => {
  let db: TestDatabase;
  let cluster: Cluster;
  let lb: string;
  const udpPorts: number[] = [];
  const viewers: WhepViewer[] = [];
  let browser: BrowserViewer | undefined;
  let publisher: ReturnType<typeof keepPublishing> | undefined;
  /** Where the encoder sends: process 0's RTMP port, until that process dies. */
  let ingest = 0;
  const address = '127.0.0.40';

  beforeAll(async () => {
    db = await createTestDatabase();
    for (let i = 0; i < 2; i++) udpPorts.push(await freeUdpPort());
    // A minute to come back: the publisher of a stream whose process died reconnects to the other one.
    cluster = await startCluster(db.url, 2, { LIVE_WEBRTC_BIND: '127.0.0.1', LIVE_RECONNECT_SECONDS: '60' }, (i) => ({ LIVE_WEBRTC_PORT: String(udpPorts[i]) }));
    lb = `${cluster.balancer.base}/api/v1`;
  }, 90_000);

  afterAll(async () => {
    publisher?.stop();
    await browser?.close();
    for (const viewer of viewers) await viewer.close();
    await cluster?.stop();
    await db?.drop();
  });

  const view = async (url: string, viewerId?: string) => {
    const viewer = await whepView(url, undefined, viewerId);
    viewers.push(viewer);
    return viewer;
  };
  const receiving = (viewer: WhepViewer, what: string) =>
    until(() => viewer.received.keyframes > 0 && viewer.received.video > 60 && viewer.received.audio > 50, 15_000, `${what}: video and audio`);
  const viewersOf = async (id: string) => (await requestFrom(address, `${lb}/stream/${id}`)).json().viewers as number;
  const originOf = async (id: string) => (await db.query<{ webrtc_origin: string | null }>('SELECT webrtc_origin FROM live_streams WHERE id = $1', [id]))[0].webrtc_origin;

  let stream: { id: string; key: string };
  let watching: WhepViewer;

  it('plays an RTMP stream packaged by one process to WHEP viewers reaching either process, and takes a PATCH and a DELETE sent to the other one', async () => {
    const email = `webrtc-cluster-${Date.now()}@example.com`;
    expect((await requestFrom(address, `${lb}/auth/signup`, { method: 'POST', body: { email, password: 'riff-raff-123' } })).status).toBe(201);
    await db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const token = (await requestFrom(address, `${lb}/auth/token?grant_type=password`, { method: 'POST', body: { email, password: 'riff-raff-123' } })).json().access_token as string;
    const created = await requestFrom(address, `${lb}/stream/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: { title: 'Koncert na dwóch maszynach', genre: 'rock' } });
    expect(created.status).toBe(200);
    stream = { id: created.json().id as string, key: created.json().streamKey as string };
    const { id } = stream;

    ingest = cluster.rtmpPorts[0];
    publisher = keepPublishing(() => ingest, stream.key);
    await eventually('the stream to go live', 30_000, async () => ((await requestFrom(address, `${lb}/stream/${id}`)).json().status === 'live' ? true : undefined));
    // The process packaging it has its media, and says so for the other one.
    await eventually('the WebRTC origin', 10_000, async () => ((await originOf(id)) === cluster.processes[0].base ? true : undefined));

    const viaBalancer = await view(`${lb}/stream/${id}/whep`, 'viewer-balancer-01');
    const viaOther = await view(`${cluster.processes[1].base}/api/v1/stream/${id}/whep`, 'viewer-process-1');
    for (const viewer of [viaBalancer, viaOther]) {
      expect(viewer.status).toBe(201);
      // Answered by the process with the media, whichever one was asked: its UDP port, its session.
      expect(viewer.body).toContain(` 127.0.0.1 ${udpPorts[0]} typ host`);
      expect(viewer.body).not.toContain(` ${udpPorts[1]} typ host`);
      expect(viewer.headers.get('location')).toMatch(new RegExp(`^/api/v1/stream/whep/${id.replace(/-/g, '')}[0-9a-f]{32}$`));
      expect(viewer.headers.get('access-control-allow-origin')).toBe('*');
      await viewer.connected;
    }
    await receiving(viaBalancer, 'the viewer through the balancer');
    await receiving(viaOther, 'the viewer of the other process');
    // Counted once each, by the process serving them, at their own addresses.
    await eventually('two viewers', 10_000, async () => ((await viewersOf(id)) === 2 ? true : undefined));

    // Its trickle and its hang-up reach the other process: forwarded to the one that has the session.
    const other = `${cluster.processes[1].base}${new URL(viaOther.session!).pathname}`;
    const patched = await fetch(other, { method: 'PATCH', headers: { 'content-type': TRICKLE }, body: 'a=mid:v\r\na=end-of-candidates\r\n' });
    expect(patched.status).toBe(204);
    const deleted = await fetch(other, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    await until(() => Date.now() - viaOther.received.lastAt > 2000, 10_000, 'the media of the viewer that left to stop');
    const again = await fetch(other, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe('session_not_found');
    await eventually('one viewer left', 15_000, async () => ((await viewersOf(id)) === 1 ? true : undefined));
    // What is no session is refused where it lands; a session of a stream no engine has is not found.
    const malformed = await fetch(`${cluster.processes[1].base}/api/v1/stream/whep/${'x'.repeat(22)}`, { method: 'DELETE' });
    expect([malformed.status, malformed.headers.get('content-type')]).toEqual([400, expect.stringMatching(/^application\/json/)]);
    expect((await fetch(`${cluster.processes[1].base}/api/v1/stream/whip/${'0'.repeat(64)}`, { method: 'DELETE', headers: { authorization: `Bearer ${stream.key}` } })).status).toBe(404);
    // The other viewer watches on.
    const before = viaBalancer.received.video;
    await until(() => viaBalancer.received.video > before + 30, 5000, 'the remaining viewer’s video');
    watching = viaBalancer;
  }, 120_000);

  it('ends the WebRTC viewers of a process killed mid-stream at once; the publisher comes back to the other process, whose WebRTC they get again, HLS answering meanwhile', async () => {
    const { id } = stream;
    const second = await view(`${cluster.processes[1].base}/api/v1/stream/${id}/whep`);
    expect(second.status).toBe(201);
    await second.connected;
    await receiving(second, 'a second viewer');
    const watchers = [watching, second];
    // And a browser, through the balancer: how soon a browser's ICE sees the process gone is what a player acts on.
    browser = await browserWhepView(cluster.balancer.base, `${lb}/stream/${id}/whep`);
    expect(browser.status).toBe(201);
    await eventually('the browser to connect', 15_000, async () => ((await browser!.states()).some((s) => s.state === 'connected') ? true : undefined));
    await eventually('the browser’s media', 15_000, async () => ((await browser!.media()).packets > 100 ? true : undefined));

    const killedAt = Date.now();
    await cluster.processes[0].kill();
    // OBS's connection dropped with its server: it reconnects, and the balancer's RTMP port takes it to the live process.
    ingest = cluster.rtmpPorts[1];

    // The viewers' connections end with the process: its engine's process goes with it (no orphan keeps sending), so
    // their media stops at once and nothing comes after, which a player takes as the end (a browser's ICE reports
    // `disconnected` within seconds; libdatachannel, this test's client, only when consent runs out after 30 s).
    await until(() => watchers.every((v) => Date.now() - v.received.lastAt > 3000), 15_000, 'the viewers’ media to stop');
    const stopped = watchers.map((v) => v.received.lastAt - killedAt);
    expect(Math.max(...stopped)).toBeLessThanOrEqual(1000);
    // In Chromium the packets stop as at once; its ICE says `disconnected` seconds later. The product's player takes
    // 2 s without a packet as the connection lost (whep-client.ts, STALLED_MS), shows that it connects, and asks again.
    const browserMedia = await browser.media();
    expect(browserMedia.packets).toBeGreaterThan(100);
    const browserStopped = browserMedia.lastAt - killedAt;
    expect(browserStopped).toBeLessThanOrEqual(1000);
    const lost = await eventually('the browser to see its connection lost', 20_000, async () =>
      (await browser!.states()).find((s) => s.at > killedAt && (s.state === 'disconnected' || s.state === 'failed')),
    );
    const browserLost = lost.at - killedAt;
    expect(browserLost).toBeLessThan(10_000);
    expect((await browser.media()).lastAt).toBe(browserMedia.lastAt);

    // A player asking again meanwhile is told to retry (409 not_live_yet, never a 5xx) and plays HLS, which answers
    // through the balancer; then WebRTC from the process the publisher came back to.
    let hlsAnswers = 0;
    let refusals = 0;
    let back: WhepViewer | undefined;
    while (Date.now() - killedAt < 45_000) {
      const playlist = await requestFrom(address, `${lb}/live/${id}/index.m3u8`);
      expect(playlist.status).toBe(200);
      expect(playlist.body.toString()).toContain('#EXTM3U');
      hlsAnswers++;
      const asked = await whepView(`${lb}/stream/${id}/whep`);
      if (asked.status === 201) {
        viewers.push((back = asked));
        break;
      }
      expect([asked.status, JSON.parse(asked.body).code, asked.headers.get('retry-after')]).toEqual([409, 'not_live_yet', '2']);
      refusals++;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(back).toBeDefined();
    const recovered = Date.now() - killedAt;
    expect(back!.body).toContain(` 127.0.0.1 ${udpPorts[1]} typ host`);
    await back!.connected;
    await receiving(back!, 'the viewer of the process the publisher came back to');
    expect(recovered).toBeLessThan(30_000);
    expect(hlsAnswers).toBeGreaterThan(0);
    expect(await originOf(id)).toBe(cluster.processes[1].base);
    // The stream never ended: the publisher continued it.
    expect((await requestFrom(address, `${lb}/stream/${id}`)).json().status).toBe('live');
    // Figures for the report: connection seen lost, WebRTC again.
    expect(watchers.every((v) => Date.now() - v.received.lastAt > 3000)).toBe(true);
    process.stdout.write(
      `webrtc-cluster: viewers' media stopped ${stopped.join('/')} ms after the kill (peer seen lost: ${watchers.map((v) => (v.lostAt ? `${v.lostAt - killedAt} ms` : 'not yet')).join('/')}; ` +
        `Chromium: packets stopped ${browserStopped} ms after, ${lost.state} after ${browserLost} ms); ` +
        `WebRTC again after ${recovered} ms (${refusals} refusals of 409, ${hlsAnswers} playlists, ${publisher!.starts()} encoder starts)\n`,
    );
  }, 120_000);
});
