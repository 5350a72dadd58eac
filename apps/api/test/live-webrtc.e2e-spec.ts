import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ffmpeg } from '../src/repositories/ffmpeg';
import { signedInMember, useApiUnderTest } from './support/app';
import { freePort, freeUdpPort } from './support/free-port';
import { postOffer, until, whepView, whipPublish, type WhepViewer, type WhipPublisher } from './support/webrtc-clients';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

/**
 * Sub-second live (docs/live.md, "Sub-second delivery"): an OBS-like WHIP publisher (libdatachannel fed by ffmpeg, as
 * the installed ffmpeg has no WHIP output) and WHEP viewers, through the real engine on loopback; the stream is
 * packaged as HLS beside it.
 */
describe('live over WebRTC: WHIP ingest, WHEP playback', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-webrtc-'));
  let webrtcPort = 0;
  let rtmpPort = 0;
  beforeAll(async () => {
    webrtcPort = await freeUdpPort();
    rtmpPort = await freePort();
  });
  const api = useApiUnderTest(() => ({
    DATA_DIR: dataDir,
    RTMP_PORT: String(rtmpPort),
    LIVE_WEBRTC_PORT: String(webrtcPort),
    LIVE_WEBRTC_BIND: '127.0.0.1',
    LIVE_WEBRTC_MAX_VIEWERS: '2',
    LIVE_RECONNECT_SECONDS: '0',
    LIVE_ICE_SERVERS: 'stun:stun.example.org:3478,turn:ania:tajne@turn.example.org:3478?transport=tcp',
  }));
  const open: { stop?: (hangUp?: boolean) => Promise<void>; close?: () => Promise<void> }[] = [];
  const encoders: ChildProcess[] = [];
  afterAll(async () => {
    for (const encoder of encoders) encoder.kill('SIGKILL');
    for (const peer of open) await (peer.stop?.() ?? peer.close?.());
    rmSync(dataDir, { recursive: true, force: true });
  });

  let n = 0;
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${api.base}${url}`, {
      method,
      headers: { 'x-forwarded-for': `198.18.40.${++n}`, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
  };
  const whipUrl = () => `${api.base}/stream/whip`;
  const publish = async (key: string) => {
    const publisher = await whipPublish(whipUrl(), key, api.app.get(Ffmpeg).binary);
    open.push(publisher);
    return publisher;
  };
  /**
   * A WHEP viewer; one whose connection fails is asked for once more, as the product's player does (the suite's
   * libdatachannel client peers were seen to fail their ICE on loopback when the machine was loaded: once in a full run).
   */
  const view = async (id: string, token?: string, viewerId?: string, attempt = 1): Promise<WhepViewer> => {
    const viewer = await whepView(`${api.base}/stream/${id}/whep`, token, viewerId);
    open.push(viewer);
    if (viewer.status !== 201 || attempt === 2) return viewer;
    try {
      await viewer.connected;
      return viewer;
    } catch (e) {
      console.warn(`A WHEP viewer's connection failed (${(e as Error).message}); asking again, as the player does`);
      await viewer.close();
      return view(id, token, viewerId, attempt + 1);
    }
  };
  const newStream = async () => {
    const owner = await signedInMember(api, `198.18.41.${++n}`);
    const created = await call('POST', '/stream/create', owner.token, { title: 'Koncert w salce', genre: 'rock' });
    expect(created.status).toBe(200);
    return { owner, id: created.body.id as string, key: created.body.streamKey as string };
  };

  const VIEWER_ID = 'viewer-0123456789';
  let live: { id: string; key: string; owner: { token: string }; publisher: WhipPublisher };

  it('takes OBS’s offer with the stream key as the Bearer token, answers 201 with the session, and the stream goes live over HLS too', async () => {
    const { id, key, owner } = await newStream();
    // Before anything is published, viewers are told to come back.
    const early = await postOffer(`${api.base}/stream/${id}/whep`, 'v=0\r\n');
    expect(early.status).toBe(409);
    expect(early.headers.get('retry-after')).toBe('2');
    expect(JSON.parse(early.body).code).toBe('not_live_yet');

    const publisher = await publish(key);
    expect(publisher.status).toBe(201);
    expect(publisher.headers.get('content-type')).toMatch(/^application\/sdp/);
    // The session names its stream (any replica finds where it is), then 128 random bits.
    expect(publisher.session).toMatch(new RegExp(`^${api.base}/stream/whip/${id.replace(/-/g, '')}[0-9a-f]{32}$`));
    expect(publisher.headers.get('access-control-expose-headers')).toContain('Location');
    expect(publisher.headers.get('link')).toBe(
      '<stun:stun.example.org:3478>; rel="ice-server", <turn:turn.example.org:3478?transport=tcp>; rel="ice-server"; username="ania"; credential="tajne"; credential-type="password"',
    );
    // The answer takes H.264 and stereo Opus only, and names the engine's one port, UDP and (ICE over TCP) TCP.
    expect(publisher.body).toMatch(/a=rtpmap:96 H264\/90000/);
    expect(publisher.body).toMatch(/a=fmtp:111 .*stereo=1/);
    expect(publisher.body).toMatch(new RegExp(` UDP \\d+ 127\\.0\\.0\\.1 ${webrtcPort} typ host`));
    expect(publisher.body).toMatch(new RegExp(` TCP \\d+ 127\\.0\\.0\\.1 ${webrtcPort} typ host tcptype passive`));
    await publisher.connected;

    await until(() => publisher.sent.video > 30, 10_000, 'the publisher’s first video');
    let stream: Json;
    const end = Date.now() + 15_000;
    while ((stream = (await call('GET', `/stream/${id}`)).body).status !== 'live' && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(stream.status).toBe('live');
    // A player that keeps its viewer id from HLS to WebRTC counts once (the next test watches with it).
    const playlist = await fetch(`${api.base}/live/${id}/index.m3u8?viewer=${VIEWER_ID}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toMatch(/seg-0\.ts/);
    live = { id, key, owner, publisher };
  }, 40_000);

  it('plays to WHEP viewers: H.264 from a keyframe and Opus, in the payload types each viewer offered, on the publisher’s SSRCs', async () => {
    const viewer = await view(live.id, undefined, VIEWER_ID);
    expect(viewer.status).toBe(201);
    expect(viewer.session).toMatch(new RegExp(`^${api.base}/stream/whep/${live.id.replace(/-/g, '')}[0-9a-f]{32}$`));
    expect(viewer.body).toMatch(/a=rtpmap:102 H264\/90000/);
    expect(viewer.body).toMatch(/a=fmtp:109 .*stereo=1;sprop-stereo=1/);
    expect(viewer.body).toMatch(/a=sendonly/);
    await viewer.connected;
    await until(() => viewer.received.video > 60 && viewer.received.audio > 20, 10_000, 'video and audio at the viewer');
    expect(viewer.received.keyframes).toBeGreaterThan(0);
    // The publisher's sender reports reach the viewer, which lines its sound up with its picture by them (lip sync).
    await until(() => viewer.received.senderReports >= 2, 15_000, 'the publisher’s sender reports at the viewer');
    expect([...viewer.received.payloadTypes].sort()).toEqual([102, 109]);
    expect(viewer.body).toContain(`a=ssrc:${[...viewer.received.ssrcs][0]} `);
    // Counted among the stream's viewers as an HLS player is, and once with the id its HLS requests had: still there
    // after the 5 s an HLS player is counted without reloading.
    await new Promise((r) => setTimeout(r, 6000));
    expect((await call('GET', `/stream/${live.id}`)).body.viewers).toBe(1);
    await viewer.close();
  }, 30_000);

  it('sends newcomers to HLS once the process has LIVE_WEBRTC_MAX_VIEWERS WebRTC viewers', async () => {
    const first = await view(live.id);
    const second = await view(live.id);
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await view(live.id);
    expect(third.status).toBe(503);
    expect(JSON.parse(third.body).code).toBe('webrtc_full');
    await first.close();
    await new Promise((r) => setTimeout(r, 300));
    const again = await view(live.id);
    expect(again.status).toBe(201);
    await Promise.all([second.close(), again.close()]);
  }, 30_000);

  it('refuses a wrong key (401), a second publisher (409), a missing token and an offer without our codecs (400)', async () => {
    const wrong = await postOffer(whipUrl(), 'v=0\r\n', 'x'.repeat(43));
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body).code).toBe('invalid_stream_key');
    const offer = (await whipPublish(whipUrl(), 'y'.repeat(43), api.app.get(Ffmpeg).binary)).status;
    expect(offer).toBe(401);
    const second = await publish(live.key);
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body).code).toBe('stream_busy');
    expect((await postOffer(whipUrl(), 'v=0\r\n')).status).toBe(401);
    const vp8Only = 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=sendonly\r\na=rtpmap:96 VP8/90000\r\n';
    const bad = await postOffer(whipUrl(), vp8Only, live.key);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).code).toBe('bad_sdp');
    const notSdp = await fetch(whipUrl(), { method: 'POST', headers: { authorization: `Bearer ${live.key}`, 'content-type': 'application/json' }, body: '{}' });
    expect(notSdp.status).toBe(400);
  }, 30_000);

  it('answers the CORS preflight with what it accepts', async () => {
    const res = await fetch(whipUrl(), { method: 'OPTIONS', headers: { origin: 'https://obs.example', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('accept-post')).toBe('application/sdp');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('ends the stream when the publisher DELETEs its session (OBS’s Stop Streaming), and WHEP then points to the replay', async () => {
    const viewer: WhepViewer = await view(live.id);
    await viewer.connected;
    expect((await fetch(live.publisher.session!, { method: 'DELETE', headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
    await live.publisher.stop(true);
    let stream: Json;
    const end = Date.now() + 15_000;
    while ((stream = (await call('GET', `/stream/${live.id}`)).body).status !== 'ended' && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(stream.status).toBe('ended');
    // The replay is written by the packager as it finishes, just after the stream is marked ended.
    let replay = '';
    const written = Date.now() + 10_000;
    while (!(replay = await (await fetch(`${api.base}/live/${live.id}/index.m3u8`)).text()).includes('#EXT-X-ENDLIST') && Date.now() < written) await new Promise((r) => setTimeout(r, 200));
    expect(replay).toContain('#EXT-X-ENDLIST');
    const after = await postOffer(`${api.base}/stream/${live.id}/whep`, 'v=0\r\n');
    expect(after.status).toBe(409);
    expect(JSON.parse(after.body).code).toBe('stream_ended');
  }, 40_000);

  it('plays an RTMP stream (H.264 and AAC from OBS) to WebRTC viewers, its audio transcoded to stereo Opus', async () => {
    const { id, key } = await newStream();
    const ffmpeg = api.app.get(Ffmpeg).binary;
    // As OBS sends it with the README's settings: x264 zerolatency, a keyframe each second, AAC.
    const obs = spawn(
      ffmpeg,
      [
        '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30',
        '-f', 'lavfi', '-i', 'aevalsrc=sin(440*2*PI*t)|sin(660*2*PI*t):s=48000:c=stereo',
        '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k',
        '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
      ],
      { stdio: 'ignore' },
    );
    encoders.push(obs);
    let stream: Json;
    const end = Date.now() + 20_000;
    while ((stream = (await call('GET', `/stream/${id}`)).body).status !== 'live' && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(stream.status).toBe('live');
    const viewer = await view(id);
    expect(viewer.status).toBe(201);
    expect(viewer.body).toMatch(/a=fmtp:109 .*stereo=1/);
    await viewer.connected;
    await until(() => viewer.received.keyframes > 0 && viewer.received.video > 60 && viewer.received.audio > 50, 15_000, 'the RTMP stream at the WebRTC viewer');
    // ffmpeg's sender reports reach the viewer, which lines its sound up with its picture by them (lip sync).
    await until(() => viewer.received.senderReports >= 2, 10_000, 'ffmpeg’s sender reports at the viewer');
    expect([...viewer.received.payloadTypes].sort()).toEqual([102, 109]);
    await viewer.close();
    obs.kill('SIGKILL');
  }, 60_000);
});
