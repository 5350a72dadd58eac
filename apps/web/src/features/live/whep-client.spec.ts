import { FAKE_ANSWER, FakePeer, type SentCall } from '../../testing/fake-peer';
import { STALLED_MS, watchOverWhep, whepUrl, type WhepDeps, type WhepOptions } from './whep-client';

const SESSION = '/api/v1/stream/whep/session-1';

/** A JSON refusal as the API gives it. */
function refusal(status: number, code: string, retryAfter?: number): Response {
  return new Response(JSON.stringify({ statusCode: status, message: code, code }), {
    status,
    headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': String(retryAfter) } : {}) },
  });
}

/** An offer of a browser that gathered nothing (no UDP, no TURN). */
const UNGATHERED = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';

const created = () => new Response(FAKE_ANSWER, { status: 201, headers: { 'Content-Type': 'application/sdp', Location: SESSION } });

/** The API's answer to OPTIONS: CORS, and a Link header a STUN/TURN server (none here). */
const noServers = () => new Response(null, { status: 204, headers: { 'Accept-Post': 'application/sdp' } });

const TURN = '<turn:turn.example.org:3478?transport=udp>; rel="ice-server"; username="ania"; credential="p,a;s\\"s"; credential-type="password"';
const STUN = '<stun:stun.example.org:3478>; rel="ice-server"';

/** An OPTIONS answer naming a TURN and a STUN server, and a link of another relation. */
const withServers = () => {
  const headers = new Headers({ 'Accept-Post': 'application/sdp' });
  for (const link of [TURN, '</docs/live>; rel="help"', STUN]) headers.append('Link', link);
  return new Response(null, { status: 204, headers });
};

const SERVERS: RTCIceServer[] = [
  { urls: 'turn:turn.example.org:3478?transport=udp', username: 'ania', credential: 'p,a;s"s' },
  { urls: 'stun:stun.example.org:3478' },
];

/**
 * The client with a fake peer (connecting when `connects`), `answers` for each POST in turn, `offered` for its OPTIONS,
 * and what was sent.
 */
function harness(
  answers: (() => Response)[],
  { connects = true, peer = (configuration: RTCConfiguration) => new FakePeer(undefined, undefined, configuration), offered = noServers as () => Response | Promise<Response> } = {},
) {
  const peers: FakePeer[] = [];
  const sent: SentCall[] = [];
  const waits: number[] = [];
  const deps: Partial<WhepDeps> = {
    createPeer: (configuration) => {
      const made = peer(configuration);
      peers.push(made);
      return made as unknown as RTCPeerConnection;
    },
    createStream: () => ({ addTrack: () => undefined }) as unknown as MediaStream,
    send: (url, init) => {
      sent.push({ url, method: init.method, headers: init.headers ?? {}, body: init.body });
      if (init.method === 'DELETE') return Promise.resolve(new Response(null, { status: 200 }));
      if (init.method === 'OPTIONS') return Promise.resolve(offered());
      const next = answers.shift();
      if (!next) return Promise.reject(new TypeError('Failed to fetch'));
      const response = next();
      // The browser connects once the answer is set.
      if (connects && response.status === 201) setTimeout(() => peers.at(-1)?.become('connected'), 5);
      return Promise.resolve(response);
    },
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    connectMs: 50,
  };
  const dropped = jest.fn();
  const options: WhepOptions = { streamId: 'stream-1', viewer: 'viewer_0123456789', access: 'acc', signal: new AbortController().signal, onDropped: dropped };
  return { peers, sent, waits, deps, options, dropped };
}

describe('watchOverWhep', () => {
  it('posts a receive-only offer asking stereo Opus, plays the answer once connected, and DELETEs the session on close', async () => {
    const h = harness([created]);
    const result = await watchOverWhep(h.options, h.deps);
    expect(result.kind).toBe('webrtc');
    const [peer] = h.peers;
    expect(peer.transceivers.map((t) => [t.kind, t.init?.direction])).toEqual([
      ['video', 'recvonly'],
      ['audio', 'recvonly'],
    ]);
    const post = h.sent[1];
    expect(post).toMatchObject({ url: whepUrl('stream-1', 'viewer_0123456789', 'acc'), method: 'POST', headers: { 'Content-Type': 'application/sdp' } });
    expect(post.url).toBe('/api/v1/stream/stream-1/whep?viewer=viewer_0123456789&access=acc');
    // The offer set and the offer sent are the same, with stereo asked on Opus only.
    expect(post.body).toBe(peer.localDescription?.sdp);
    expect(post.body).toContain('a=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1');
    expect(post.body).toContain('a=fmtp:63 111/111\r\n');
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: FAKE_ANSWER });
    if (result.kind !== 'webrtc') return;
    result.session.close();
    result.session.close();
    expect(peer.closed).toBe(true);
    expect(h.sent.filter((c) => c.method === 'DELETE')).toEqual([expect.objectContaining({ url: SESSION })]);
  });

  it.each([
    [503, 'webrtc_full'],
    [503, 'viewers_full'],
    [503, 'webrtc_unavailable'],
    [409, 'stream_ended'],
    [403, 'ultra_only'],
    [400, 'bad_sdp'],
  ])('plays HLS when the server answers %i %s, leaving nothing open', async (status, code) => {
    const h = harness([() => refusal(status, code)]);
    await expect(watchOverWhep(h.options, h.deps)).resolves.toEqual({ kind: 'hls', reason: code });
    expect(h.peers[0].closed).toBe(true);
    expect(h.sent.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('asks again after Retry-After while the stream is live but not yet here (409 not_live_yet)', async () => {
    const h = harness([() => refusal(409, 'not_live_yet', 3), () => refusal(409, 'not_live_yet'), created]);
    const result = await watchOverWhep(h.options, h.deps);
    expect(result.kind).toBe('webrtc');
    // Retry-After when given, else 2 s.
    expect(h.waits).toEqual([3000, 2000]);
    expect(h.peers.map((p) => p.closed)).toEqual([true, true, false]);
  });

  it('gives up for HLS when not_live_yet lasts', async () => {
    const h = harness(Array.from({ length: 20 }, () => () => refusal(409, 'not_live_yet', 1)));
    await expect(watchOverWhep(h.options, h.deps)).resolves.toEqual({ kind: 'hls', reason: 'not_live_yet' });
  });

  it('plays HLS when the connection is not made in time (UDP blocked, no TURN), and ends the session', async () => {
    const h = harness([created], { connects: false });
    await expect(watchOverWhep(h.options, h.deps)).resolves.toEqual({ kind: 'hls', reason: 'not_connected' });
    expect(h.peers[0].closed).toBe(true);
    expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'DELETE']);
  });

  it('plays HLS at once, ending the session, when nothing could be gathered and the server offers no ICE over TCP', async () => {
    const h = harness([created], { peer: () => new FakePeer(UNGATHERED) });
    await expect(watchOverWhep(h.options, h.deps)).resolves.toEqual({ kind: 'hls', reason: 'no_candidates' });
    expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'DELETE']);
    expect(h.peers[0].remoteDescription).toBeNull();
    expect(h.peers[0].closed).toBe(true);
  });

  it('connects without a gathered candidate when the server offers ICE over TCP (a browser whose UDP is blocked)', async () => {
    const overTcp = `${FAKE_ANSWER}a=candidate:tcp1 1 TCP 1520435199 203.0.113.7 8189 typ host tcptype passive\r\n`;
    const h = harness([() => new Response(overTcp, { status: 201, headers: { 'Content-Type': 'application/sdp', Location: SESSION } })], { peer: () => new FakePeer(UNGATHERED) });
    const result = await watchOverWhep(h.options, h.deps);
    expect(result.kind).toBe('webrtc');
    expect(h.peers[0].remoteDescription).toEqual({ type: 'answer', sdp: overTcp });
    expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST']);
  });

  it('plays HLS when the call fails', async () => {
    const h = harness([]);
    await expect(watchOverWhep(h.options, h.deps)).resolves.toEqual({ kind: 'hls', reason: 'Failed to fetch' });
    expect(h.peers[0].closed).toBe(true);
  });

  it('tells the player when the connection fails after playing, or stays disconnected', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const h = harness([created, created], { connects: false });
      const first = watchOverWhep(h.options, { ...h.deps, connectMs: 10_000 });
      await jest.advanceTimersByTimeAsync(1);
      h.peers[0].become('connected');
      const result = await first;
      expect(result.kind).toBe('webrtc');
      h.peers[0].become('failed');
      expect(h.dropped).toHaveBeenCalledTimes(1);
      expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'DELETE']);

      const second = watchOverWhep(h.options, { ...h.deps, connectMs: 10_000 });
      await jest.advanceTimersByTimeAsync(1);
      h.peers[1].become('connected');
      await second;
      // A short disconnection comes back by itself; a long one counts as dropped.
      h.peers[1].become('disconnected');
      await jest.advanceTimersByTimeAsync(1000);
      h.peers[1].become('connected');
      await jest.advanceTimersByTimeAsync(5000);
      expect(h.dropped).toHaveBeenCalledTimes(1);
      h.peers[1].become('disconnected');
      await jest.advanceTimersByTimeAsync(2000);
      expect(h.dropped).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells the player when no packet has come for STALLED_MS while connected (its server gone), before the browser’s ICE notices', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const h = harness([created], { connects: false });
      const watching = watchOverWhep(h.options, { ...h.deps, connectMs: 10_000 });
      await jest.advanceTimersByTimeAsync(1);
      h.peers[0].become('connected');
      expect((await watching).kind).toBe('webrtc');
      // Media flowing: nothing happens however long it plays.
      await jest.advanceTimersByTimeAsync(10_000);
      expect(h.dropped).not.toHaveBeenCalled();
      h.peers[0].flowing = false;
      await jest.advanceTimersByTimeAsync(STALLED_MS - 500);
      expect(h.dropped).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1000);
      expect(h.dropped).toHaveBeenCalledTimes(1);
      expect(h.peers[0].closed).toBe(true);
      expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'DELETE']);
      // Closed, it reads no more stats and tells nothing more.
      await jest.advanceTimersByTimeAsync(10_000);
      expect(h.dropped).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves nothing open when the player closes while it connects', async () => {
    const controller = new AbortController();
    const h = harness([created], { connects: false });
    const result = watchOverWhep({ ...h.options, signal: controller.signal }, { ...h.deps, connectMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(result).resolves.toEqual({ kind: 'hls', reason: 'aborted' });
    expect(h.peers[0].closed).toBe(true);
    expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'DELETE']);
  });

  it('makes every connection with the ICE servers the OPTIONS names, asked once at the address of the offer', async () => {
    const h = harness([() => refusal(409, 'not_live_yet', 1), created], { offered: withServers });
    const result = await watchOverWhep(h.options, h.deps);
    expect(result.kind).toBe('webrtc');
    expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'POST']);
    // As the POST: no token (a viewer sends none), the access in the query.
    expect(h.sent[0]).toEqual({ url: h.sent[1].url, method: 'OPTIONS', headers: {} });
    expect(h.peers.map((p) => p.getConfiguration())).toEqual([{ iceServers: SERVERS }, { iceServers: SERVERS }]);
  });

  it.each([
    ['fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['is refused', () => refusal(500, 'internal')],
    ['names no server', noServers],
  ])('plays over WebRTC without ICE servers when its OPTIONS %s', async (_case, offered) => {
    const h = harness([created], { offered });
    await expect(watchOverWhep(h.options, h.deps)).resolves.toMatchObject({ kind: 'webrtc' });
    expect(h.peers[0].getConfiguration()).toEqual({ iceServers: [] });
    expect(h.sent.map((c) => c.method)).toEqual(['OPTIONS', 'POST']);
  });

  it('plays over WebRTC without the ICE servers when the browser refuses them', async () => {
    const h = harness([created], {
      offered: withServers,
      peer: (configuration) => {
        if (configuration.iceServers?.length) throw new DOMException('bad server', 'SyntaxError');
        return new FakePeer(undefined, undefined, configuration);
      },
    });
    await expect(watchOverWhep(h.options, h.deps)).resolves.toMatchObject({ kind: 'webrtc' });
    expect(h.peers.map((p) => p.getConfiguration())).toEqual([{ iceServers: [] }]);
  });

  it('makes nothing when the player closes while the ICE servers are asked', async () => {
    const controller = new AbortController();
    const h = harness([created]);
    const send = h.deps.send!;
    const result = watchOverWhep({ ...h.options, signal: controller.signal }, {
      ...h.deps,
      // As the browser's fetch does: the call fails once its signal aborts.
      send: (url, init) => (init.method === 'OPTIONS' ? new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))) : send(url, init)),
    });
    controller.abort();
    await expect(result).resolves.toEqual({ kind: 'hls', reason: 'aborted' });
    // No connection made, and no offer sent.
    expect(h.peers).toEqual([]);
    expect(h.sent.filter((c) => c.method !== 'OPTIONS')).toEqual([]);
  });
});
