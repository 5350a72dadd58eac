import { HttpException } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import type { AppConfig } from '../core/config/config';
import type { Metrics } from '../core/metrics/metrics';
import type { Ffmpeg } from '../repositories/ffmpeg';
import type { LiveStreamRepository } from '../repositories/live-stream.repository';
import { WebRtcEngine, WebRtcRefusal } from '../repositories/webrtc-engine';
import { FORWARDED_HEADER, markForwarded, readForwarded } from './forwarded-signal';
import type { LiveAccess } from './live-access.service';
import type { LivePipeline } from './live-pipeline';
import { LiveWebRtc, SESSION_ID, type Signalling, streamOfSession } from './live-webrtc.service';
import type { LiveService } from './live.service';
import type { RelayedAnswer, WebRtcForwarder } from './webrtc-forwarder';

const SECRET = 'a-secret-every-replica-shares-0123456789';
const HERE = 'http://127.0.0.1:3001';
const THERE = 'http://127.0.0.1:3002';
const STREAM = '3f0c1a52-7d4e-4b8a-9c11-0a1b2c3d4e5f';
const OFFER = 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\na=recvonly\r\na=rtpmap:111 opus/48000/2\r\n';
const config = {
  jwtSecret: SECRET,
  live: { reconnectSeconds: 30, webrtc: { port: 8189, bind: '127.0.0.1', hosts: [], maxViewers: 10, iceServers: [], originUrl: HERE } },
} as unknown as AppConfig;
const RELAYED: RelayedAnswer = { status: 201, headers: { 'content-type': 'application/sdp', location: '/api/v1/stream/whep/x' }, body: Buffer.from('v=0\r\n') };

const flush = () => new Promise((resolve) => setImmediate(resolve));

/**
 * LiveWebRtc with a live stream, the origin the database names for it and that origin's answer ('down': none), and a
 * record of what was forwarded and counted.
 */
function setUp(origin: string | undefined, forwarded: RelayedAnswer | 'down' = RELAYED) {
  const engine = {
    running: true,
    newSession: (streamId: string) => WebRtcEngine.prototype.newSession.call(undefined, streamId),
    view: jest.fn<Promise<string>, unknown[]>(() => Promise.resolve('v=0\r\nanswer\r\n')),
    listen: jest.fn(() => Promise.resolve({ video: 40000, audio: 40002 })),
    close: jest.fn(),
    addCandidates: jest.fn(),
    dropSource: jest.fn(),
  };
  const touch = jest.fn(() => true);
  const live = { find: (id: string) => Promise.resolve({ id, status: 'live', userId: 'owner' }), viewers: { touch } };
  const streams = {
    webrtcOriginOf: jest.fn(() => Promise.resolve(origin)),
    setWebRtcOrigin: jest.fn(() => Promise.resolve()),
    clearWebRtcOrigin: jest.fn(() => Promise.resolve()),
  };
  const forward = jest.fn<ReturnType<WebRtcForwarder['forward']>, Parameters<WebRtcForwarder['forward']>>(() => Promise.resolve(forwarded === 'down' ? undefined : forwarded));
  const access = { check: jest.fn(() => Promise.resolve({ restricted: false })) };
  const feeds: (EventEmitter & { kill: jest.Mock })[] = [];
  const feedRtp = jest.fn(() => {
    const feed = Object.assign(new EventEmitter(), { stderr: new EventEmitter(), exitCode: null, signalCode: null, kill: jest.fn() });
    feeds.push(feed);
    return feed;
  });
  const metrics = { liveWebRtcViewers: { read: () => undefined } };
  const webrtc = new LiveWebRtc(
    config,
    engine as unknown as WebRtcEngine,
    live as unknown as LiveService,
    streams as unknown as LiveStreamRepository,
    {} as never,
    {} as never,
    access as unknown as LiveAccess,
    {} as never,
    {} as never,
    { feedRtp } as unknown as Ffmpeg,
    { forward } as unknown as WebRtcForwarder,
    metrics as unknown as Metrics,
  );
  return { webrtc, engine, touch, streams, forward, access, feedRtp, feeds };
}

/** An RTMP stream's packager, running until `exit` is emitted. */
function pipeline(): LivePipeline & { ffmpeg: EventEmitter } {
  return { ffmpeg: Object.assign(new EventEmitter(), { exitCode: null, signalCode: null, kill: jest.fn() }) } as unknown as LivePipeline & { ffmpeg: EventEmitter };
}

const client = (extra: Partial<Signalling> = {}): Signalling => ({ address: '203.0.113.9', contentType: 'application/sdp', body: OFFER, ...extra });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; retryAfterSeconds?: number }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpException)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  return { status: error.getStatus(), code: (error.getResponse() as { code: string }).code, retryAfterSeconds: (error as { retryAfterSeconds?: number }).retryAfterSeconds };
}

describe('LiveWebRtc over several replicas', () => {
  it('makes session ids that name their stream, so any replica tells a session’s stream from its URL', () => {
    const session = new WebRtcEngine().newSession(STREAM);
    expect(session).toMatch(SESSION_ID);
    expect(streamOfSession(session)).toBe(STREAM);
    expect(new WebRtcEngine().newSession(STREAM)).not.toBe(session);
    expect(streamOfSession('a'.repeat(22))).toBeUndefined();
    expect(streamOfSession('G'.repeat(64))).toBeUndefined();
  });

  it('sends a viewer to the process whose engine has the stream’s media, the client’s address signed, and neither counts nor serves it here', async () => {
    const t = setUp(THERE);
    const answer = await t.webrtc.view(STREAM, OFFER, undefined, 'viewer-0123456789', client({ authorization: 'Bearer someone' }));
    expect(answer).toEqual({ relayed: RELAYED });
    expect(t.forward).toHaveBeenCalledTimes(1);
    const [origin, request] = t.forward.mock.calls[0];
    expect(origin).toBe(THERE);
    expect(request).toEqual({
      method: 'POST',
      path: `/api/v1/stream/${STREAM}/whep?viewer=viewer-0123456789`,
      headers: { 'content-type': 'application/sdp', authorization: 'Bearer someone', [FORWARDED_HEADER]: expect.any(String) },
      body: OFFER,
    });
    expect(readForwarded(request.headers[FORWARDED_HEADER], SECRET, `whep:${STREAM}`)).toEqual({ address: '203.0.113.9' });
    expect(t.touch).not.toHaveBeenCalled();
    expect(t.engine.view).not.toHaveBeenCalled();
    // The forwarder checks what it can before the hop (the origin checks it all again).
    expect(t.access.check).toHaveBeenCalledWith(STREAM, undefined);
  });

  it('passes an Ultra-only stream’s access on in the query, as the player sent it', async () => {
    const t = setUp(THERE);
    await t.webrtc.view(STREAM, OFFER, 'payload.signature', undefined, client());
    expect(t.forward.mock.calls[0][1].path).toBe(`/api/v1/stream/${STREAM}/whep?access=payload.signature`);
  });

  it('answers a request another replica forwarded from its own state: never forwarded again, the viewer counted at the address vouched for', async () => {
    const t = setUp(THERE);
    const mark = markForwarded(SECRET, `whep:${STREAM}`, '198.51.100.7');
    const answer = await t.webrtc.view(STREAM, OFFER, undefined, 'viewer-0123456789', client({ address: '127.0.0.1', forwardedMark: mark }));
    expect(answer).toMatchObject({ session: expect.stringMatching(SESSION_ID), answer: 'v=0\r\nanswer\r\n' });
    expect(t.forward).not.toHaveBeenCalled();
    expect(t.touch).toHaveBeenCalledWith(STREAM, { viewer: 'viewer-0123456789', address: '198.51.100.7' });
    // Without the media here either (the origin named lost it meanwhile): 409, as without replicas.
    t.engine.view.mockRejectedValueOnce(new WebRtcRefusal('no_media', 'no media'));
    expect(await refusal(t.webrtc.view(STREAM, OFFER, undefined, undefined, client({ forwardedMark: mark })))).toEqual({ status: 409, code: 'not_live_yet', retryAfterSeconds: 2 });
    expect(t.forward).not.toHaveBeenCalled();
  });

  it('ignores a forged mark: the peer’s address counts, and the request is forwarded as any other', async () => {
    const forged = markForwarded('not-the-secret-of-these-replicas-000000', `whep:${STREAM}`, '198.51.100.7');
    const t = setUp(THERE);
    await t.webrtc.view(STREAM, OFFER, undefined, undefined, client({ forwardedMark: forged }));
    expect(t.forward).toHaveBeenCalledTimes(1);
    // What goes on vouches for the address this process saw, not the forged one.
    expect(readForwarded(t.forward.mock.calls[0][1].headers[FORWARDED_HEADER], SECRET, `whep:${STREAM}`)).toEqual({ address: '203.0.113.9' });

    const local = setUp(HERE);
    await local.webrtc.view(STREAM, OFFER, undefined, 'viewer-0123456789', client({ forwardedMark: forged }));
    expect(local.touch).toHaveBeenCalledWith(STREAM, { viewer: 'viewer-0123456789', address: '203.0.113.9' });
    // A mark made for another stream's request is no better.
    const other = setUp(HERE);
    await other.webrtc.view(STREAM, OFFER, undefined, 'viewer-0123456789', client({ forwardedMark: markForwarded(SECRET, 'whep:another', '198.51.100.7') }));
    expect(other.touch).toHaveBeenCalledWith(STREAM, { viewer: 'viewer-0123456789', address: '203.0.113.9' });
  });

  it('answers 409 not_live_yet with Retry-After, not a 500, when the origin does not answer (it died) or no other process has the media', async () => {
    for (const t of [setUp(THERE, 'down'), setUp(undefined), setUp(HERE)]) {
      t.engine.view.mockRejectedValueOnce(new WebRtcRefusal('no_media', 'no media'));
      expect(await refusal(t.webrtc.view(STREAM, OFFER, undefined, undefined, client()))).toEqual({ status: 409, code: 'not_live_yet', retryAfterSeconds: 2 });
    }
    const self = setUp(HERE);
    self.engine.view.mockRejectedValueOnce(new WebRtcRefusal('no_media', 'no media'));
    await refusal(self.webrtc.view(STREAM, OFFER, undefined, undefined, client()));
    // Its own address is never asked.
    expect(self.forward).not.toHaveBeenCalled();
  });

  it('forwards from a process without an engine of its own, which would otherwise send the viewer to HLS', async () => {
    const t = setUp(THERE);
    t.engine.running = false;
    expect(await t.webrtc.view(STREAM, OFFER, undefined, undefined, client())).toEqual({ relayed: RELAYED });
    const alone = setUp(undefined);
    alone.engine.running = false;
    expect(await refusal(alone.webrtc.view(STREAM, OFFER, undefined, undefined, client()))).toMatchObject({ status: 503, code: 'webrtc_unavailable' });
  });

  it('serves viewers itself while its engine has the stream’s media, without asking the database where it is', async () => {
    const t = setUp(THERE);
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', pipeline());
    const answer = await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
    expect(answer).toMatchObject({ session: expect.stringMatching(SESSION_ID) });
    expect(t.streams.webrtcOriginOf).not.toHaveBeenCalled();
    expect(t.forward).not.toHaveBeenCalled();
  });

  it('sends a PATCH or DELETE of a session it does not have to its stream’s origin, found by the session’s id', async () => {
    const session = new WebRtcEngine().newSession(STREAM);
    const t = setUp(THERE, { status: 204, headers: {}, body: Buffer.alloc(0) });
    expect(await t.webrtc.end(session, 'viewer', undefined, { address: '203.0.113.9' })).toEqual({ status: 204, headers: {}, body: Buffer.alloc(0) });
    expect(t.forward).toHaveBeenLastCalledWith(THERE, { method: 'DELETE', path: `/api/v1/stream/whep/${session}`, headers: { [FORWARDED_HEADER]: expect.any(String) }, body: undefined });
    expect(t.streams.webrtcOriginOf).toHaveBeenLastCalledWith(STREAM);
    const fragment = 'a=mid:0\r\na=candidate:1 1 udp 2122260223 192.0.2.1 61764 typ host\r\n';
    await t.webrtc.trickle(session, 'publisher', fragment, 'the-key', { address: '203.0.113.9', authorization: 'Bearer the-key', contentType: 'application/trickle-ice-sdpfrag', body: fragment });
    expect(t.forward).toHaveBeenLastCalledWith(THERE, {
      method: 'PATCH',
      path: `/api/v1/stream/whip/${session}`,
      headers: { 'content-type': 'application/trickle-ice-sdpfrag', authorization: 'Bearer the-key', [FORWARDED_HEADER]: expect.any(String) },
      body: fragment,
    });
    expect(t.engine.addCandidates).not.toHaveBeenCalled();
  });

  it('answers 404 for a session it does not have when the origin is down, is none, is this process, or the request was forwarded already', async () => {
    const session = new WebRtcEngine().newSession(STREAM);
    for (const t of [setUp(THERE, 'down'), setUp(undefined), setUp(HERE)]) {
      expect(await refusal(t.webrtc.end(session, 'publisher', 'the-key', { address: '203.0.113.9' }))).toMatchObject({ status: 404, code: 'session_not_found' });
    }
    const forwarded = setUp(THERE);
    const mark = markForwarded(SECRET, `session:${session}`, '203.0.113.9');
    expect(await refusal(forwarded.webrtc.end(session, 'viewer', undefined, { address: '127.0.0.1', forwardedMark: mark }))).toMatchObject({ status: 404 });
    expect(forwarded.forward).not.toHaveBeenCalled();
    // A mark for another session does not stop the forward.
    await forwarded.webrtc.end(session, 'viewer', undefined, { address: '127.0.0.1', forwardedMark: markForwarded(SECRET, 'session:another', '203.0.113.9') });
    expect(forwarded.forward).toHaveBeenCalledTimes(1);
    // What is no session id names no stream: nothing to ask.
    const malformed = setUp(THERE);
    expect(await refusal(malformed.webrtc.end('a'.repeat(22), 'viewer', undefined, { address: '203.0.113.9' }))).toMatchObject({ status: 404 });
    expect(malformed.streams.webrtcOriginOf).not.toHaveBeenCalled();
  });

  it('names this process as the stream’s origin while its RTMP feed runs, and clears it when the feed ends unless a newer one took it', async () => {
    const t = setUp(undefined);
    const first = pipeline();
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', first);
    expect(t.streams.setWebRtcOrigin).toHaveBeenCalledWith(STREAM, HERE);
    // The publisher came back (to this process) before the first packager was done.
    const second = pipeline();
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', second);
    first.ffmpeg.emit('exit', 0);
    await flush();
    expect(t.streams.clearWebRtcOrigin).not.toHaveBeenCalled();
    second.ffmpeg.emit('exit', 0);
    await flush();
    expect(t.streams.clearWebRtcOrigin).toHaveBeenCalledTimes(1);
    expect(t.streams.clearWebRtcOrigin).toHaveBeenCalledWith(STREAM, HERE);
    // Its media gone, a viewer is asked of whichever process the database names.
    await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
    expect(t.streams.webrtcOriginOf).toHaveBeenCalledWith(STREAM);
  });

  it('starts an RTMP stream’s WebRTC feed with its first viewer, once for viewers arriving together, and not while nobody watches over WebRTC', async () => {
    const t = setUp(undefined);
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', pipeline());
    expect(t.streams.setWebRtcOrigin).toHaveBeenCalledWith(STREAM, HERE);
    expect(t.engine.listen).not.toHaveBeenCalled();
    expect(t.feedRtp).not.toHaveBeenCalled();
    const answers = await Promise.all([1, 2].map(() => t.webrtc.view(STREAM, OFFER, undefined, undefined, client())));
    expect(answers).toEqual([expect.objectContaining({ session: expect.any(String) }), expect.objectContaining({ session: expect.any(String) })]);
    expect(t.engine.listen).toHaveBeenCalledTimes(1);
    expect(t.feedRtp).toHaveBeenCalledTimes(1);
    expect(t.feedRtp).toHaveBeenCalledWith('rtmp://127.0.0.1:1935/live/key', { video: 40000, audio: 40002 });
  });

  it('stops the feed once the stream has had no WebRTC viewer for 30 s, and the next viewer starts it again', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const t = setUp(undefined);
      await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', pipeline());
      const first = await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
      // Watched for a minute: it runs on.
      jest.advanceTimersByTime(60_000);
      expect(t.feeds[0].kill).not.toHaveBeenCalled();
      await t.webrtc.end('session' in first ? first.session : '', 'viewer', undefined, client());
      jest.advanceTimersByTime(20_000);
      expect(t.feeds[0].kill).not.toHaveBeenCalled();
      jest.advanceTimersByTime(15_000);
      expect(t.feeds[0].kill).toHaveBeenCalledWith('SIGKILL');
      expect(t.engine.dropSource).toHaveBeenCalledWith(STREAM);
      // Still the stream's origin: the next viewer, here or sent here, starts it again.
      expect(t.streams.clearWebRtcOrigin).not.toHaveBeenCalled();
      await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
      expect(t.feedRtp).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts a feed whose ffmpeg failed again with the next viewer, and stops it for good with the stream’s packager', async () => {
    const t = setUp(undefined);
    const packager = pipeline();
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', packager);
    await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
    t.feeds[0].emit('exit', 1);
    expect(t.engine.dropSource).toHaveBeenCalledWith(STREAM);
    await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
    expect(t.feedRtp).toHaveBeenCalledTimes(2);
    packager.ffmpeg.emit('exit', 0);
    await flush();
    expect(t.feeds[1].kill).toHaveBeenCalledWith('SIGKILL');
    expect(t.streams.clearWebRtcOrigin).toHaveBeenCalledWith(STREAM, HERE);
  });

  it('starts the new feed at once when the publisher comes back while WebRTC viewers of its earlier connection are here', async () => {
    const t = setUp(undefined);
    const first = pipeline();
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', first);
    await t.webrtc.view(STREAM, OFFER, undefined, undefined, client());
    // OBS reconnected (to this process) before its first packager was done.
    await t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', pipeline());
    expect(t.feedRtp).toHaveBeenCalledTimes(2);
    const dropped = t.engine.dropSource.mock.calls.length;
    // The first packager's end takes the first feed down, not the engine's source the new feed sends to.
    first.ffmpeg.emit('exit', 0);
    expect(t.feeds[0].kill).toHaveBeenCalledWith('SIGKILL');
    expect(t.engine.dropSource).toHaveBeenCalledTimes(dropped);
  });

  it('keeps serving when the origin cannot be written: logged, the stream plays', async () => {
    const t = setUp(undefined);
    t.streams.setWebRtcOrigin.mockRejectedValueOnce(new Error('database gone'));
    await expect(t.webrtc.feedRtmp(STREAM, 'rtmp://127.0.0.1:1935/live/key', pipeline())).resolves.toBeUndefined();
    expect(await t.webrtc.view(STREAM, OFFER, undefined, undefined, client())).toMatchObject({ session: expect.stringMatching(SESSION_ID) });
  });
});
