import type { MessageId } from '@grouarock/i18n';
import { callApi, refreshedSessionToken, sessionToken } from '../../lib/api';
import { connectedWithin, gatheredOffer, offeredIceServers, peerWith, signalError, type SignalError } from './webrtc-signal';

/**
 * Going live from the browser over WebRTC (WHIP, docs/live.md "The web app"): the media sent with a send-only
 * RTCPeerConnection, H.264 first (the server copies it into HLS and forwards it to WebRTC viewers as it is), made with
 * the STUN/TURN servers that OPTIONS names, the offer POSTed as SDP to /api/v1/stream/whip?stream=<id> with the user's
 * access token, and DELETE of the session's Location to stop (the stream ends).
 *
 * The generated API client speaks JSON only, and WHIP's bodies are SDP: this file (with whep-client.ts) is the one
 * place the web app calls its API by hand, through lib/api.ts (same origin, time limit, the session's token and one
 * refresh after a 401). The DELETE carries the session's token now (any access token of the stream's owner stops it:
 * a token is refreshed many times during a concert), refreshed once after a 401.
 */

/** Past this without a connection the publisher gives up (UDP blocked and no TURN, most often). */
export const PUBLISH_CONNECT_MS = 10_000;
/** A connection that stays `disconnected` this long counts as lost. */
const DISCONNECTED_MS = 5000;
/** What the picture may take: the same 2 Mbit/s as the recorder path. */
const VIDEO_MAX_BITRATE = 2_000_000;

/** The microphone as music wants it: stereo where the device has two channels, no voice processing. */
export const MUSIC_AUDIO: MediaTrackConstraints = { channelCount: 2, echoCancellation: false, noiseSuppression: false, autoGainControl: false };

/** The server cannot take this browser's WebRTC (no H.264 encoder: 400 bad_sdp; no engine: 503 webrtc_unavailable). */
export class WhipNotPossible extends Error {
  constructor(readonly reason: string) {
    super(`WHIP is not possible here: ${reason}`);
    this.name = 'WhipNotPossible';
  }
}

/** The server refused to take the stream, or the connection could not be made: what the user reads. */
export class WhipRefused extends Error {
  constructor(readonly messageId: MessageId) {
    super(`WHIP publishing refused: ${messageId}`);
    this.name = 'WhipRefused';
  }
}

/**
 * What the user reads for a WHIP refusal: the texts the ingest socket's close codes show (ingest-close.ts), so either
 * path says the same thing of the same cause. Undefined for the refusals that send the browser to the socket path.
 */
export function whipRefusalMessage(error: SignalError): MessageId | undefined {
  switch (error.status) {
    case 400:
      return error.code === 'bad_sdp' ? undefined : 'live.closed.failed';
    case 401:
      return 'live.closed.signIn';
    // In beta (BETA_FEATURES) and not yet on the owner's plan: what the app says of it anyway.
    case 402:
      return 'live.beta.coming';
    case 403:
      return 'live.closed.forbidden';
    case 404:
      return 'live.closed.notFound';
    case 409:
      return 'live.closed.busy';
    case 429:
      return 'live.closed.tooMany';
    case 503:
      if (error.code === 'webrtc_unavailable') return undefined;
      return error.code === 'live_full' ? 'live.closed.full' : 'live.closed.failed';
    default:
      return error.status >= 500 ? 'live.closed.failed' : 'live.closed.unknown';
  }
}

export interface WhipOptions {
  streamId: string;
  /** One video and one audio track: the camera and microphone, or the mixer's picture and master. */
  media: MediaStream;
  /** Once live: the connection was lost (the message to show); not called after `stop`. */
  onLost: (messageId: MessageId) => void;
}

/** What the client needs of the browser and the API, injected in tests (jsdom has no RTCPeerConnection). */
export interface WhipDeps {
  createPeer: (configuration: RTCConfiguration) => RTCPeerConnection;
  /** The video codecs this browser can send (RTCRtpSender.getCapabilities), for the H.264 preference. */
  videoCodecs: () => RTCRtpCodec[] | undefined;
  send: typeof callApi;
  /** The session's access token now, and a refreshed one after a 401 (lib/api.ts). */
  token: () => Promise<string | null>;
  refreshToken: () => Promise<string | null>;
  connectMs: number;
}

const browserDeps = (): WhipDeps => ({
  createPeer: (configuration) => new RTCPeerConnection(configuration),
  videoCodecs: () => RTCRtpSender.getCapabilities?.('video')?.codecs,
  send: callApi,
  token: sessionToken,
  refreshToken: refreshedSessionToken,
  connectMs: PUBLISH_CONNECT_MS,
});

/** Whether this browser can publish over WHIP at all. */
export function whipSupported(): boolean {
  return typeof RTCPeerConnection !== 'undefined' && typeof RTCRtpSender !== 'undefined';
}

/**
 * The video codecs in the order we ask for them: H.264 with packetization-mode=1 first (constrained baseline before
 * other profiles: what every decoder takes), then the rest as the browser had them (the server answers 400 bad_sdp
 * without H.264).
 */
export function preferH264(codecs: readonly RTCRtpCodec[]): RTCRtpCodec[] {
  const rank = (codec: RTCRtpCodec) => {
    if (codec.mimeType.toLowerCase() !== 'video/h264' || !/packetization-mode=1/.test(codec.sdpFmtpLine ?? '')) return 2;
    return /profile-level-id=42e0/i.test(codec.sdpFmtpLine ?? '') ? 0 : 1;
  };
  return [...codecs].sort((a, b) => rank(a) - rank(b));
}

/** The Authorization header of a call to the API, when there is a token. */
function authorization(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Publishes `media` into the user's stream over WHIP. `start` resolves once connected; `stop` ends the stream. */
export class WhipPublisher {
  private readonly deps: WhipDeps;
  private pc?: RTCPeerConnection;
  private location: string | null = null;
  private stopped = false;
  private disconnectedTimer?: ReturnType<typeof setTimeout>;
  /** Aborted when the connection is closed here (which fires no state change). */
  private readonly closing = new AbortController();

  constructor(
    private readonly options: WhipOptions,
    injected: Partial<WhipDeps> = {},
  ) {
    this.deps = { ...browserDeps(), ...injected };
  }

  /** Resolves once live; rejects with WhipRefused (shown to the user) or WhipNotPossible (use the socket path). */
  async start(): Promise<void> {
    const url = `/api/v1/stream/whip?stream=${encodeURIComponent(this.options.streamId)}`;
    // One token for the OPTIONS and the offer, a second apart.
    const token = await this.deps.token();
    const iceServers = await offeredIceServers(this.deps.send, url, { headers: authorization(token), signal: this.closing.signal });
    // Stopped while they were asked: nothing made yet, and the end a stop during gathering has.
    if (this.stopped) throw new WhipRefused('live.closed.unreachable');
    const pc = peerWith(this.deps.createPeer, iceServers);
    this.pc = pc;
    const [video] = this.options.media.getVideoTracks();
    const [audio] = this.options.media.getAudioTracks();
    if (video) {
      const transceiver = pc.addTransceiver(video, { direction: 'sendonly', streams: [this.options.media], sendEncodings: [{ maxBitrate: VIDEO_MAX_BITRATE }] });
      const codecs = this.deps.videoCodecs();
      try {
        if (codecs?.length && transceiver.setCodecPreferences) transceiver.setCodecPreferences(preferH264(codecs));
      } catch (error) {
        // A browser that takes only receive capabilities here: its own order, which the server narrows to H.264.
        console.info('The codec preference was not taken', error);
      }
    }
    // Music, not speech: the track comes without echo cancellation, noise suppression or gain control (asked by
    // whoever captured it), and stereo, which the server's answer (Opus stereo=1) lets the browser encode.
    if (audio) pc.addTransceiver(audio, { direction: 'sendonly', streams: [this.options.media] });
    let response: Response;
    try {
      const offer = await gatheredOffer(pc);
      const post = (token: string | null) => this.deps.send(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp', ...authorization(token) }, body: offer });
      response = await post(token);
      if (response.status === 401) {
        // The token ran out meanwhile: once more with a refreshed one, as every call of the API client does.
        const fresh = await this.deps.refreshToken();
        if (fresh) response = await post(fresh);
      }
    } catch (error) {
      this.close();
      console.warn('The WHIP offer could not be sent', error);
      throw new WhipRefused('live.closed.unreachable');
    }
    if (response.status !== 201) {
      this.close();
      const error = await signalError(response);
      const message = whipRefusalMessage(error);
      if (!message) throw new WhipNotPossible(error.code ?? String(error.status));
      throw new WhipRefused(message);
    }
    this.location = response.headers.get('location');
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    } catch (error) {
      console.warn('The WHIP answer was refused', error);
      await this.hangUp();
      throw new WhipRefused('live.closed.failed');
    }
    if (!(await connectedWithin(pc, this.deps.connectMs, this.closing.signal))) {
      // UDP blocked and no TURN server: the session is ended, so the stream is not left waiting for this publisher.
      await this.hangUp();
      throw new WhipRefused('live.closed.unreachable');
    }
    pc.addEventListener('connectionstatechange', () => {
      clearTimeout(this.disconnectedTimer);
      if (pc.connectionState === 'failed') this.lost();
      else if (pc.connectionState === 'disconnected') this.disconnectedTimer = setTimeout(() => this.lost(), DISCONNECTED_MS);
    });
  }

  /** Stops publishing: the session is DELETEd (the stream ends) and the connection closed. */
  stop(): Promise<void> {
    return this.hangUp();
  }

  /**
   * The connection was lost: closed without the DELETE, so the server keeps the stream live awaiting its publisher
   * (docs/live.md, "Reconnecting"), as when the ingest socket drops; going live again continues it.
   */
  private lost(): void {
    if (this.stopped) return;
    this.location = null;
    this.close();
    this.options.onLost('live.closed.unknown');
  }

  private async hangUp(): Promise<void> {
    const location = this.location;
    this.location = null;
    this.stopped = true;
    if (!location) return this.close();
    // The DELETE before the connection closes: a connection that closes first is a publisher gone (the stream awaits
    // its return), and its session is forgotten before the DELETE could end the stream.
    const remove = (token: string | null) => this.deps.send(location, { method: 'DELETE', headers: authorization(token) });
    const response = await (async () => {
      const first = await remove(await this.deps.token());
      return first.status === 401 ? remove(await this.deps.refreshToken()) : first;
    })().catch((error: unknown) => {
      console.warn('Stopping the WHIP session failed', error);
      return null;
    });
    this.close();
    if (response && !response.ok && response.status !== 404) console.warn(`Stopping the WHIP session answered ${response.status}`);
  }

  private close(): void {
    this.stopped = true;
    this.closing.abort();
    clearTimeout(this.disconnectedTimer);
    this.pc?.close();
  }
}
