import { FAKE_ANSWER, FakePeer, type SentCall } from '../../testing/fake-peer';
import { watchOverWhep, whepUrl, type WhepDeps, type WhepOptions } from './whep-client';

const SESSION = '/api/v1/stream/whep/session-1';

/** A JSON refusal as the API gives it. */
function refusal(status: number, code: string, retryAfter?: number): Response {
  return new Response(JSON.stringify({ statusCode: status, message: code, code }), {
    status,
    headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': String(retryAfter) } : {}) },
  });
}

const created = () => new Response(FAKE_ANSWER, { status: 201, headers: { 'Content-Type': 'application/sdp', Location: SESSION } });

/** The client with a fake peer (connecting when `connects`), `answers` for each POST in turn, and what was sent. */
function harness(answers: (() => Response)[], { connects = true, peer = () => new FakePeer() } = {}) {
  const peers: FakePeer[] = [];
  const sent: SentCall[] = [];
  const waits: number[] = [];
  const deps: Partial<WhepDeps> = {
    createPeer: () => {
      const made = peer();
      peers.push(made);
      return made as unknown as RTCPeerConnection;
    },
    createStream: () => ({ addTrack: () => undefined }) as unknown as MediaStream,
    send: (url, init) => {
      sent.push({ url, method: init.method, headers: init.headers ?? {}, body: init.body });
      if (init.method === 'DELETE') return Promise.resolve(new Response(null, { status: 200 }));
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
    expect(h.sent[0]).toMatchObject({ url: whepUrl('stream-1', 'viewer_0123456789', 'acc'), method: 'POST', headers: { 'Content-Type': 'application/sdp' } });
    expect(h.sent[0].url).toBe('/api/v1/stream/stream-1/whep?viewer=viewer_0123456789&access=acc');
    // The offer set and the offer sent are the same, with stereo asked on Opus only.
    expect(h.sent[0].body).toBe(peer.localDescription?.sdp);
    expect(h.sent[0].body).toContain('a=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1');
    expect(h.sent[0].body).toContain('a=fmtp:63 111/111\r\n');
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
    expect(h.sent.map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('plays HLS at once, without asking the server, when nothing could be gathered', async () => {
    const h = harness([created], { peer: () => new FakePeer('v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n') });
    await expect(watchOverWhep(h.options, h.deps)).resolves.toEqual({ kind: 'hls', reason: 'no_candidates' });
    expect(h.sent).toEqual([]);
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
      expect(h.sent.map((c) => c.method)).toEqual(['POST', 'DELETE']);

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

  it('leaves nothing open when the player closes while it connects', async () => {
    const controller = new AbortController();
    const h = harness([created], { connects: false });
    const result = watchOverWhep({ ...h.options, signal: controller.signal }, { ...h.deps, connectMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(result).resolves.toEqual({ kind: 'hls', reason: 'aborted' });
    expect(h.peers[0].closed).toBe(true);
    expect(h.sent.map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });
});
