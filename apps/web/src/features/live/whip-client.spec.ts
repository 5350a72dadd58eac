import { FAKE_ANSWER, FakePeer, type SentCall } from '../../testing/fake-peer';
import { preferH264, WhipNotPossible, WhipPublisher, WhipRefused, whipRefusalMessage, type WhipDeps } from './whip-client';

const SESSION = '/api/v1/stream/whip/session-1';

const codec = (mimeType: string, sdpFmtpLine?: string) => ({ mimeType, clockRate: 90000, ...(sdpFmtpLine ? { sdpFmtpLine } : {}) });
const CODECS: RTCRtpCodec[] = [
  codec('video/VP8'),
  codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f'),
  codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f'),
  codec('video/H264', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f'),
  codec('video/rtx'),
];

function refusal(status: number, code: string): Response {
  return new Response(JSON.stringify({ statusCode: status, message: code, code }), { status, headers: { 'Content-Type': 'application/json' } });
}

const created = () => new Response(FAKE_ANSWER, { status: 201, headers: { 'Content-Type': 'application/sdp', Location: SESSION } });

const track = (kind: string) => ({ kind }) as MediaStreamTrack;
const media = { getVideoTracks: () => [track('video')], getAudioTracks: () => [track('audio')] } as unknown as MediaStream;

/** The API's answer to OPTIONS, naming one TURN server in its Link header. */
const withServer = () =>
  new Response(null, { status: 204, headers: { Link: '<turn:turn.example.org:3478>; rel="ice-server"; username="ania"; credential="p;a,ss"; credential-type="password"' } });

/**
 * A publisher whose peer is a fake (connecting when `connects`), `answers` for each POST in turn, `offered` for its
 * OPTIONS, and what was sent.
 */
function harness(
  answers: (() => Response)[],
  { connects = true, tokens = ['token-1'], fresh = 'token-2' as string | null, offered = withServer as () => Promise<Response> | Response } = {},
) {
  const peers: FakePeer[] = [];
  const sent: SentCall[] = [];
  const events: string[] = [];
  const deps: Partial<WhipDeps> = {
    createPeer: (configuration) => {
      const peer = new FakePeer(undefined, undefined, configuration);
      const closePeer = peer.close.bind(peer);
      peer.close = () => {
        events.push('close');
        closePeer();
      };
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    videoCodecs: () => CODECS,
    token: () => Promise.resolve(tokens.shift() ?? null),
    refreshToken: () => Promise.resolve(fresh),
    send: (url, init) => {
      sent.push({ url, method: init.method, headers: init.headers ?? {}, body: init.body });
      events.push(init.method);
      // The server stops a session for any access token of its owner; one that ran out is a 401.
      if (init.method === 'DELETE') return Promise.resolve(new Response(null, { status: init.headers?.Authorization === 'Bearer stale' ? 401 : 200 }));
      if (init.method === 'OPTIONS') return Promise.resolve(offered());
      const next = answers.shift();
      if (!next) return Promise.reject(new TypeError('Failed to fetch'));
      const response = next();
      if (connects && response.status === 201) setTimeout(() => peers[0].become('connected'), 5);
      return Promise.resolve(response);
    },
    connectMs: 50,
  };
  const lost = jest.fn();
  const publisher = new WhipPublisher({ streamId: 'stream-1', media, onLost: lost }, deps);
  return {
    /** The connection the publisher made. */
    get peer() {
      return peers[0];
    },
    peers,
    sent,
    events,
    publisher,
    lost,
    deps,
  };
}

describe('preferH264', () => {
  it('puts H.264 with packetization-mode 1 first, constrained baseline before other profiles, and keeps the rest', () => {
    expect(preferH264(CODECS).map((c) => `${c.mimeType} ${c.sdpFmtpLine ?? ''}`.trim())).toEqual([
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f',
      'video/VP8',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f',
      'video/rtx',
    ]);
  });
});

describe('whipRefusalMessage', () => {
  it('says what the ingest socket says for the same cause, and nothing for what sends the browser to the socket', () => {
    expect(whipRefusalMessage({ status: 401, code: 'unauthenticated' })).toBe('live.closed.signIn');
    expect(whipRefusalMessage({ status: 402, code: 'beta_only' })).toBe('live.beta.coming');
    expect(whipRefusalMessage({ status: 403, code: 'not_owner' })).toBe('live.closed.forbidden');
    expect(whipRefusalMessage({ status: 404 })).toBe('live.closed.notFound');
    expect(whipRefusalMessage({ status: 409, code: 'stream_busy' })).toBe('live.closed.busy');
    expect(whipRefusalMessage({ status: 409, code: 'stream_ended' })).toBe('live.closed.busy');
    expect(whipRefusalMessage({ status: 429, code: 'too_many_attempts', retryAfterSeconds: 30 })).toBe('live.closed.tooMany');
    expect(whipRefusalMessage({ status: 503, code: 'live_full' })).toBe('live.closed.full');
    expect(whipRefusalMessage({ status: 503, code: 'webrtc_failed' })).toBe('live.closed.failed');
    expect(whipRefusalMessage({ status: 500 })).toBe('live.closed.failed');
    expect(whipRefusalMessage({ status: 400, code: 'bad_sdp' })).toBeUndefined();
    expect(whipRefusalMessage({ status: 503, code: 'webrtc_unavailable' })).toBeUndefined();
  });
});

describe('WhipPublisher', () => {
  it('sends the media send-only with H.264 preferred, posts the offer with the access token, and stops with a DELETE before closing', async () => {
    const h = harness([created], { tokens: ['token-1', 'token-now'] });
    await h.publisher.start();
    expect(h.peer.transceivers.map((t) => [t.kind, t.init?.direction])).toEqual([
      ['video', 'sendonly'],
      ['audio', 'sendonly'],
    ]);
    expect(h.peer.transceivers[0].preferences?.[0].sdpFmtpLine).toContain('packetization-mode=1;profile-level-id=42e01f');
    expect(h.sent[1]).toEqual({
      url: '/api/v1/stream/whip?stream=stream-1',
      method: 'POST',
      headers: { 'Content-Type': 'application/sdp', Authorization: 'Bearer token-1' },
      body: h.peer.offer,
    });
    expect(h.peer.remoteDescription).toEqual({ type: 'answer', sdp: FAKE_ANSWER });
    await h.publisher.stop();
    // Stopped with the session's token now: it is refreshed many times during a concert.
    expect(h.sent[2]).toMatchObject({ url: SESSION, method: 'DELETE', headers: { Authorization: 'Bearer token-now' } });
    // Hung up first: a connection closed before the DELETE would leave the stream waiting for its publisher.
    expect(h.events).toEqual(['OPTIONS', 'POST', 'DELETE', 'close']);
    expect(h.lost).not.toHaveBeenCalled();
  });

  it('repeats the offer once with a refreshed token after a 401, and its DELETE too', async () => {
    const h = harness([() => refusal(401, 'unauthenticated'), created], { tokens: ['token-1', 'stale'], fresh: 'token-2' });
    await h.publisher.start();
    expect(h.sent.map((c) => [c.method, c.headers.Authorization])).toEqual([
      ['OPTIONS', 'Bearer token-1'],
      ['POST', 'Bearer token-1'],
      ['POST', 'Bearer token-2'],
    ]);
    await h.publisher.stop();
    expect(h.sent.slice(3).map((c) => [c.method, c.headers.Authorization])).toEqual([
      ['DELETE', 'Bearer stale'],
      ['DELETE', 'Bearer token-2'],
    ]);
  });

  it('says to sign in again when no token is accepted', async () => {
    const h = harness([() => refusal(401, 'unauthenticated')], { fresh: null });
    await expect(h.publisher.start()).rejects.toEqual(new WhipRefused('live.closed.signIn'));
    expect(h.peer.closed).toBe(true);
  });

  it.each([
    [400, 'bad_sdp'],
    [503, 'webrtc_unavailable'],
  ])('hands over to the ingest socket on %i %s', async (status, code) => {
    const h = harness([() => refusal(status, code)]);
    await expect(h.publisher.start()).rejects.toBeInstanceOf(WhipNotPossible);
    expect(h.peer.closed).toBe(true);
  });

  it('says why the server refused', async () => {
    const h = harness([() => refusal(409, 'stream_busy')]);
    await expect(h.publisher.start()).rejects.toEqual(new WhipRefused('live.closed.busy'));
  });

  it('says the server could not be reached when the call fails', async () => {
    const h = harness([]);
    await expect(h.publisher.start()).rejects.toEqual(new WhipRefused('live.closed.unreachable'));
  });

  it('ends the session when the connection is not made in time', async () => {
    const h = harness([created], { connects: false });
    await expect(h.publisher.start()).rejects.toEqual(new WhipRefused('live.closed.unreachable'));
    expect(h.events).toEqual(['OPTIONS', 'POST', 'DELETE', 'close']);
  });

  it('tells the page when the connection is lost once live, leaving the stream to await it, and not after it stopped', async () => {
    const h = harness([created]);
    await h.publisher.start();
    h.peer.become('failed');
    expect(h.lost).toHaveBeenCalledWith('live.closed.unknown');
    // Closed without the DELETE: the stream awaits its publisher's return, as when the ingest socket drops.
    expect(h.events).toEqual(['OPTIONS', 'POST', 'close']);
    const other = harness([created]);
    await other.publisher.start();
    await other.publisher.stop();
    other.peer.become('failed');
    expect(other.lost).not.toHaveBeenCalled();
  });

  it('makes the connection with the ICE servers that an OPTIONS to the address of the offer names, with its token', async () => {
    const h = harness([created]);
    await h.publisher.start();
    expect(h.sent[0]).toEqual({ url: '/api/v1/stream/whip?stream=stream-1', method: 'OPTIONS', headers: { Authorization: 'Bearer token-1' }, body: undefined });
    expect(h.peer.getConfiguration()).toEqual({ iceServers: [{ urls: 'turn:turn.example.org:3478', username: 'ania', credential: 'p;a,ss' }] });
  });

  it.each([
    ['fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['is refused', () => refusal(503, 'internal')],
    ['names no server', () => new Response(null, { status: 204 })],
  ])('goes live without ICE servers when its OPTIONS %s', async (_case, offered) => {
    const h = harness([created], { offered });
    await h.publisher.start();
    expect(h.peer.getConfiguration()).toEqual({ iceServers: [] });
    expect(h.events).toEqual(['OPTIONS', 'POST']);
  });

  it('makes nothing and sends no offer when stopped while the ICE servers are asked', async () => {
    let answer: (response: Response) => void = () => undefined;
    const h = harness([created], { offered: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const started = h.publisher.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await h.publisher.stop();
    answer(withServer());
    await expect(started).rejects.toEqual(new WhipRefused('live.closed.unreachable'));
    expect(h.peers).toEqual([]);
    expect(h.events).toEqual(['OPTIONS']);
  });
});
