import { callApi } from '../../lib/api';
import { connectedWithin, GATHERING_MS, gatheredOffer, offeredIceServers, peerWith, signalError, withStereoOpus } from './webrtc-signal';

/**
 * Watching a live stream over WebRTC (WHEP, docs/live.md "The web app"): the STUN/TURN servers asked with OPTIONS, a
 * receive-only offer for video and audio, POSTed as SDP to /api/v1/stream/{id}/whep, the answer, and the connection
 * within CONNECT_MS. Whatever keeps it from playing says so as `hls`, and the player plays HLS instead.
 *
 * The generated API client speaks JSON only, and WHEP's bodies are SDP: this file (with whip-client.ts) is the one
 * place the web app calls its API by hand, with the same origin and time limit as lib/api.ts. A viewer sends no
 * token: an Ultra-only stream's access goes in the query, as for HLS.
 */

/** Past this without a connection (UDP blocked and no TURN, most often) the player plays HLS. */
export const CONNECT_MS = 3000;
/** A connection that stays `disconnected` this long counts as dropped (it often comes back by itself sooner). */
export const DISCONNECTED_MS = 2000;
/**
 * A connection over which no packet came for this long counts as dropped: its server, or the publisher with it, is
 * gone. Chromium's ICE says `disconnected` only about 6 s after (docs/live.md, "Several replicas"); a stream always
 * sends (video frames, Opus even in silence), so 2 s of nothing is not a quiet moment.
 */
export const STALLED_MS = 2000;
/** How often the packets received are read, to tell a stall. */
const STALL_CHECK_MS = 500;
/** How many times a stream that is live but not yet in the engine (409 not_live_yet) is asked again, before HLS. */
export const MAX_NOT_LIVE_YET = 10;
/** What the call may take before HLS is played instead (the API's own limit is longer: a viewer should not wait). */
const CALL_TIMEOUT_MS = 8000;

export interface WhepOptions {
  streamId: string;
  /** The player's viewer id (8–64 of [A-Za-z0-9_-]): counted once, whether it plays WebRTC or HLS. */
  viewer: string;
  /** An Ultra-only stream's access (POST /stream/{id}/watch), or undefined. */
  access?: string;
  /** Stops asking (the player closed): the result is then `hls` with reason `aborted`, and nothing is left open. */
  signal: AbortSignal;
  /** Once playing: the connection failed, or stayed disconnected for DISCONNECTED_MS. The session is closed already. */
  onDropped: () => void;
}

/** What the client needs of the browser, injected in tests (jsdom has no RTCPeerConnection). */
export interface WhepDeps {
  createPeer: (configuration: RTCConfiguration) => RTCPeerConnection;
  createStream: () => MediaStream;
  send: typeof callApi;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  connectMs: number;
}

export interface WhepSession {
  /** The stream's video and audio, for the player's <video>. */
  stream: MediaStream;
  /** Ends the session here and on the server (DELETE), at most once. */
  close: () => void;
}

export type WhepResult = { kind: 'webrtc'; session: WhepSession } | { kind: 'hls'; reason: string };

/** Whether this browser can try WHEP at all. */
export function whepSupported(): boolean {
  return typeof RTCPeerConnection !== 'undefined' && typeof MediaStream !== 'undefined';
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

const browserDeps = (): WhepDeps => ({
  createPeer: (configuration) => new RTCPeerConnection(configuration),
  createStream: () => new MediaStream(),
  send: (url, init) => callApi(url, { ...init, signal: AbortSignal.any([init.signal ?? new AbortController().signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]) }),
  wait: waitFor,
  connectMs: CONNECT_MS,
});

/** POST /stream/{id}/whep's address with the viewer and the access. */
export function whepUrl(streamId: string, viewer: string, access?: string): string {
  const query = new URLSearchParams({ viewer, ...(access ? { access } : {}) });
  return `/api/v1/stream/${encodeURIComponent(streamId)}/whep?${query.toString()}`;
}

/** Watches `streamId` over WHEP: a session playing, or why HLS should play instead. */
export async function watchOverWhep(options: WhepOptions, injected: Partial<WhepDeps> = {}): Promise<WhepResult> {
  const deps = { ...browserDeps(), ...injected };
  const url = whepUrl(options.streamId, options.viewer, options.access);
  // Asked once: every attempt gathers with the same servers.
  const iceServers = await offeredIceServers(deps.send, url, { signal: options.signal });
  for (let attempt = 0; attempt <= MAX_NOT_LIVE_YET; attempt++) {
    if (options.signal.aborted) return { kind: 'hls', reason: 'aborted' };
    const outcome = await attemptWhep(options, deps, url, iceServers);
    if (outcome.kind !== 'wait') return outcome;
    // 409 not_live_yet: the stream is live, its media not here yet (a publisher connecting); ask again when told.
    await deps.wait(outcome.seconds * 1000, options.signal);
  }
  return { kind: 'hls', reason: 'not_live_yet' };
}

async function attemptWhep(options: WhepOptions, deps: WhepDeps, url: string, iceServers: RTCIceServer[]): Promise<WhepResult | { kind: 'wait'; seconds: number }> {
  const pc = peerWith(deps.createPeer, iceServers);
  const stream = deps.createStream();
  pc.addEventListener('track', (event) => stream.addTrack(event.track));
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  let location: string | null = null;
  let closed = false;
  let disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  // Set once connected (below); close() may come before.
  const stall: { timer?: ReturnType<typeof setInterval> } = {};
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(disconnectedTimer);
    clearInterval(stall.timer);
    options.signal.removeEventListener('abort', close);
    pc.close();
    // The viewer leaves now rather than when the server notices the silence; a failure here changes nothing for them.
    if (location) void deps.send(location, { method: 'DELETE' }).catch(() => undefined);
  };
  options.signal.addEventListener('abort', close);
  try {
    const offer = await gatheredOffer(pc, GATHERING_MS, withStereoOpus);
    if (options.signal.aborted) return { kind: 'hls', reason: 'aborted' };
    const response = await deps.send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sdp' },
      body: offer,
      signal: options.signal,
    });
    if (response.status !== 201) {
      const error = await signalError(response);
      close();
      if (error.status === 409 && error.code === 'not_live_yet') return { kind: 'wait', seconds: error.retryAfterSeconds ?? 2 };
      return { kind: 'hls', reason: error.code ?? String(error.status) };
    }
    location = response.headers.get('location');
    const answer = await response.text();
    // Nothing gathered (this browser may not use UDP: a policy, or no network WebRTC may use, and no TURN server), and
    // the server offers no ICE over TCP, which such a browser reaches by connecting out: HLS at once, not after CONNECT_MS.
    if (!hasCandidate(offer) && !offersPassiveTcp(answer)) {
      close();
      return { kind: 'hls', reason: 'no_candidates' };
    }
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    if (!(await connectedWithin(pc, deps.connectMs, options.signal))) {
      close();
      return { kind: 'hls', reason: options.signal.aborted ? 'aborted' : 'not_connected' };
    }
  } catch (error) {
    close();
    return { kind: 'hls', reason: options.signal.aborted ? 'aborted' : error instanceof Error ? error.message : 'failed' };
  }
  const dropped = () => {
    if (closed) return;
    close();
    options.onDropped();
  };
  pc.addEventListener('connectionstatechange', () => {
    clearTimeout(disconnectedTimer);
    if (pc.connectionState === 'failed') dropped();
    else if (pc.connectionState === 'disconnected') disconnectedTimer = setTimeout(dropped, DISCONNECTED_MS);
  });
  let received = -1;
  let lastProgress = Date.now();
  stall.timer = setInterval(() => {
    void packetsReceived(pc).then((packets) => {
      const now = Date.now();
      if (packets !== received) [received, lastProgress] = [packets, now];
      else if (now - lastProgress >= STALLED_MS) dropped();
    }, () => undefined);
  }, STALL_CHECK_MS);
  return { kind: 'webrtc', session: { stream, close } };
}

/** The RTP packets received so far over every inbound stream of `pc`. */
async function packetsReceived(pc: RTCPeerConnection): Promise<number> {
  let packets = 0;
  (await pc.getStats()).forEach((stat: { type: string; packetsReceived?: number }) => {
    if (stat.type === 'inbound-rtp') packets += stat.packetsReceived ?? 0;
  });
  return packets;
}

const hasCandidate = (sdp: string) => /^a=candidate:/m.test(sdp);
/** A passive TCP candidate (RFC 6544): the server's ICE over TCP, which a browser without UDP connects to. */
const offersPassiveTcp = (sdp: string) => /^a=candidate:\S+ \d+ tcp .* tcptype passive/im.test(sdp);
