import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { isUUID } from 'class-validator';
import { Principals } from '../auth/principals.service';
import { EntitlementsService } from '../billing/entitlements.service';
import { type AppConfig, resolveJwtSecret } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
import { Metrics } from '../core/metrics/metrics';
import { hashStreamKey } from '../core/security/stream-keys';
import { Ffmpeg, SEGMENT_SECONDS } from '../repositories/ffmpeg';
import { LiveStreamRepository, type PublisherRefusal } from '../repositories/live-stream.repository';
import { freePortPair, WebRtcEngine, WebRtcRefusal } from '../repositories/webrtc-engine';
import { announceHosts, narrowPublisherOffer, packagerSdp, parseTrickleFragment, readViewerOffer, SdpError } from '../repositories/webrtc-sdp';
import { FORWARDED_HEADER, markForwarded, readForwarded } from './forwarded-signal';
import { liveErrors } from './live-errors';
import { LiveAccess } from './live-access.service';
import type { LivePipeline } from './live-pipeline';
import { LivePipelines } from './live-pipelines.service';
import { LiveSlots } from './live-slots.service';
import { LiveService } from './live.service';
import { RtmpFeed } from './rtmp-feed';
import { type ForwardedRequest, type RelayedAnswer, WebRtcForwarder } from './webrtc-forwarder';

/** A stream key as OBS sends it for WHIP (the Bearer token): 43 base64url characters (core/security/stream-keys.ts). */
const STREAM_KEY = /^[A-Za-z0-9_-]{43}$/;
/** Seconds a viewer is told to wait before asking again for a stream that has not started (WHEP's 409 + Retry-After). */
export const NOT_STARTED_RETRY_SECONDS = 2;
/** How often a WebRTC viewer is counted among the stream's viewers while connected (HLS players count by reloading). */
const VIEWER_TOUCH_MS = 2000;

/** The WHIP and WHEP errors clients act on, each with its stable `code`. */
export const webrtcErrors = {
  noToken: () => new UnauthorizedException({ message: 'Send the stream key (OBS: Bearer Token) or your access token as a Bearer token', code: 'unauthenticated' }),
  wrongKey: () => new UnauthorizedException({ message: 'The stream key is not valid: copy it again from the live page', code: 'invalid_stream_key' }),
  badOffer: (why: string) => new BadRequestException({ message: `The SDP offer cannot be taken: ${why}`, code: 'bad_sdp' }),
  busy: () => new ConflictException({ message: 'This stream already receives video', code: 'stream_busy' }),
  ended: () => new ConflictException({ message: 'The stream has ended: its replay plays over HLS', code: 'stream_ended' }),
  notStarted: () =>
    Object.assign(new ConflictException({ message: 'The stream has not started yet', code: 'not_live_yet' }), { retryAfterSeconds: NOT_STARTED_RETRY_SECONDS }),
  unavailable: () => new ServiceUnavailableException({ message: 'WebRTC is not available on this server: play the stream over HLS', code: 'webrtc_unavailable' }),
  full: () => new ServiceUnavailableException({ message: 'This server has as many WebRTC viewers as it can take: play the stream over HLS', code: 'webrtc_full' }),
  noSession: () => new NotFoundException({ message: 'No such WebRTC session (it ended, or lives on another server)', code: 'session_not_found' }),
  betaOnly: () =>
    new HttpException({ message: 'Going live from the browser is in beta: Ultra members have it first (OBS works on every plan)', code: 'beta_only' }, HttpStatus.PAYMENT_REQUIRED),
  forbidden: () => new ForbiddenException({ message: 'Only the owner can publish this stream', code: 'not_owner' }),
  tooMany: (wait: number) =>
    Object.assign(new HttpException({ message: `Too many connections to publish this stream; try again in ${wait} s`, code: 'too_many_attempts' }, HttpStatus.TOO_MANY_REQUESTS), { retryAfterSeconds: wait }),
  startFailed: (why: string) => new ServiceUnavailableException({ message: `The WebRTC session could not start: ${why}`, code: 'webrtc_failed' }),
};

/** A session id (WebRtcEngine.newSession): its stream's id without dashes, then 128 random bits, in hex. */
export const SESSION_ID = /^[0-9a-f]{64}$/;

/** The stream a session id names; undefined for anything that is not one. */
export function streamOfSession(session: string): string | undefined {
  if (!SESSION_ID.test(session)) return undefined;
  const hex = session.slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What a WHEP, PATCH or DELETE brought besides its route's values, should it go on to the process with the stream's
 * media: the client's address (as this process takes it), the headers passed on, its body, and the mark a replica
 * that forwarded it added (forwarded-signal.ts).
 */
export interface Signalling {
  address: string;
  authorization?: string;
  contentType?: string;
  body?: string;
  forwardedMark?: string | string[];
}

/** A WHEP answer: this process's own session and SDP, or the answer of the process that has the stream's media. */
export type ViewAnswer = { session: string; answer: string } | { relayed: RelayedAnswer };

const REFUSED: Record<PublisherRefusal, () => HttpException> = {
  unknown_key: webrtcErrors.wrongKey,
  live: webrtcErrors.busy,
  held: webrtcErrors.busy,
  ended: webrtcErrors.ended,
};

type WebRtcSession =
  | {
      kind: 'publisher';
      streamId: string;
      /** Who may trickle to it and stop it: the holder of the stream key, or its owner with any access token of theirs. */
      owner: { key: string } | { userId: string };
      /** What gave the engine the stream's media (see `sources`). */
      media: object;
      hangUp(): Promise<void>;
    }
  | { kind: 'viewer'; streamId: string; viewer: string; address: string; connected: boolean };

/**
 * Sub-second live (docs/live.md, "Sub-second delivery"): WHIP ingest (RFC 9725) and WHEP playback through this
 * process's WebRTC engine. A WHIP publisher is admitted where every publisher is: by its stream key (OBS) or, from the
 * browser, by its owner's access token, the plan's beta flag and the ingest attempt limit; it takes a live slot here
 * (LIVE_MAX_PUBLISHERS) and holds the stream as an RTMP publisher does, and its media is packaged as HLS for the
 * players without WebRTC and for the replay. A WHEP viewer is let in as an HLS one (the audience, the viewer cap of
 * every process), plus this process's WebRTC cap; the player plays HLS when refused.
 *
 * Behind a balancer (docs/live.md, "Several replicas") a stream's media is in the engine of the one process its
 * publisher reached, which the stream's row names (webrtc_origin). A WHEP, PATCH or DELETE reaching a process without
 * it goes on to that one over HTTP, whose answer is passed back; peers then send media to its own UDP port directly.
 */
@Injectable()
export class LiveWebRtc implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveWebRtc');
  private readonly sessions = new Map<string, WebRtcSession>();
  /**
   * The streams whose media this process's engine has, each with the source that gave it (a WHIP publisher or an RTMP
   * feed): only that source, when it ends, clears the stream's webrtc_origin, not one a newer source replaced.
   */
  private readonly sources = new Map<string, object>();
  /** Each stream's webrtc_origin writes, one after the other (a clear must not overtake the next source's set). */
  private readonly originWrites = new Map<string, Promise<void>>();
  /** Signs and checks the mark of forwarded requests: every replica has the same (JWT_SECRET). */
  private readonly secret: string;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engine: WebRtcEngine,
    private readonly live: LiveService,
    private readonly streams: LiveStreamRepository,
    private readonly slots: LiveSlots,
    private readonly pipelines: LivePipelines,
    private readonly access: LiveAccess,
    private readonly principals: Principals,
    private readonly entitlements: EntitlementsService,
    private readonly ffmpeg: Ffmpeg,
    private readonly forwarder: WebRtcForwarder,
    metrics: Metrics,
  ) {
    this.secret = resolveJwtSecret(config);
    metrics.liveWebRtcViewers.read(() => [[{}, this.viewersHere()]]);
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, tcpPort, bind, iceServers } = this.config.live.webrtc;
    if (!port) return;
    // The engine gathers with the STUN servers (its public address behind NAT); TURN is for clients.
    await this.engine.start({ port, tcpPort, bind, iceServers: iceServers.filter((s) => s.url.startsWith('stun:')).map((s) => s.url) });
    this.timer = setInterval(() => this.touchViewers(), VIEWER_TOUCH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  get available(): boolean {
    return this.engine.running;
  }

  /**
   * A WHIP publisher's offer: the engine's answer and the session's id, once the publisher is admitted, holds the
   * stream and its packager runs. `token` is the stream key (OBS), or the owner's access token with `streamId` (the
   * browser's go-live).
   */
  async publish(token: string | undefined, streamId: string | undefined, offerText: string): Promise<{ session: string; answer: string }> {
    if (!token) throw webrtcErrors.noToken();
    if (!this.engine.running) throw webrtcErrors.unavailable();
    const { id, source, owner } = STREAM_KEY.test(token) ? await this.admitKey(token) : await this.admitOwner(token, streamId);
    const offer = this.narrow(offerText);
    // Claimed in the same turn as the admission's answer: of two publishers of one stream here, one gets past.
    const slot = this.slots.claim(id, false);
    if (slot === 'busy') throw webrtcErrors.busy();
    if (typeof slot === 'string') throw liveErrors.full(this.config.live.maxPublishers);
    let ports: { video?: number; audio?: number };
    try {
      ports = { video: offer.video ? await freePortPair() : undefined, audio: offer.audio ? await freePortPair() : undefined };
    } catch (e) {
      this.slots.free(slot);
      throw webrtcErrors.startFailed((e as Error).message);
    }
    const pipeline = await this.pipelines.start(slot, source, { kind: 'rtp', sdp: packagerSdp(offer, ports) });
    if (pipeline === 'ended') throw webrtcErrors.ended();
    if (typeof pipeline === 'string') throw webrtcErrors.busy();
    const session = this.engine.newSession(id);
    const media = {};
    // The packager ends gracefully (its last segment written) when the media stops: the stream then awaits its
    // publisher's return, or ends when the publisher hung up (DELETE).
    const stopPackaging = () => pipeline.ffmpeg.exitCode === null && pipeline.ffmpeg.kill('SIGTERM');
    const entry: WebRtcSession = {
      kind: 'publisher',
      streamId: id,
      owner,
      media,
      hangUp: async () => {
        this.forget(session);
        // Still packaged here: the packager finishes and the stream ends rather than awaiting its publisher. Its
        // connection already gone (a page may close it before its DELETE arrives): the stream awaiting it ends now.
        if (this.slots.of(id) === slot) {
          slot.hungUp = true;
          stopPackaging();
        } else await this.live.end(id);
      },
    };
    this.sessions.set(session, entry);
    slot.publisher = { drop: () => this.forget(session) };
    // Named before the engine answers, so that a connection closing at once clears it again.
    const held = this.holdMedia(id, media);
    try {
      const answer = await this.engine.publish(
        session,
        id,
        { sdp: offer.sdp, mids: { video: offer.video?.mid, audio: offer.audio?.mid }, format: { video: offer.video && { payloadType: offer.video.payloadType, profile: offer.video.profile }, audio: offer.audio && { payloadType: offer.audio.payloadType } } },
        ports,
        SEGMENT_SECONDS * 1000,
        (state) => {
          if (state !== 'closed' || this.sessions.get(session) !== entry) return;
          this.releaseMedia(id, media);
          stopPackaging();
          // Its DELETE may still come (the page or OBS stopping on purpose): it is answered until the reconnect window closes.
          setTimeout(() => this.sessions.get(session) === entry && this.sessions.delete(session), (this.config.live.reconnectSeconds + 5) * 1000).unref();
        },
      );
      // The engine has the stream's media from now: viewers reaching other replicas are sent here.
      await held;
      return { session, answer: announceHosts(answer, this.config.live.webrtc.hosts) };
    } catch (e) {
      this.sessions.delete(session);
      this.releaseMedia(id, media);
      pipeline.ffmpeg.kill('SIGKILL');
      throw e instanceof WebRtcRefusal ? webrtcErrors.startFailed(e.message) : e;
    }
  }

  /**
   * An RTMP stream reaches WebRTC viewers too (docs/live.md, "Sub-second delivery"): while `pipeline` packages it, this
   * process is the stream's origin, and its first WebRTC viewer starts the feed that transcodes it for the engine
   * (RtmpFeed). Nothing when this process has no engine.
   */
  async feedRtmp(streamId: string, url: string, pipeline: LivePipeline): Promise<void> {
    if (!this.engine.running) return;
    const running = () => pipeline.ffmpeg.exitCode === null && pipeline.ffmpeg.signalCode === null;
    const feed: RtmpFeed = new RtmpFeed({
      streamId,
      url,
      engine: this.engine,
      ffmpeg: this.ffmpeg,
      logger: this.logger,
      hasViewers: () => this.hasViewers(streamId),
      isCurrent: () => this.sources.get(streamId) === feed,
    });
    await this.holdMedia(streamId, feed);
    if (!running()) return this.releaseMedia(streamId, feed);
    pipeline.ffmpeg.once('exit', () => {
      feed.dispose();
      this.releaseMedia(streamId, feed);
    });
    // The publisher came back while WebRTC viewers were here: the engine's new source closes its old one's viewers, and
    // the feed runs when they ask again.
    if (this.hasViewers(streamId)) await feed.wake();
  }

  /**
   * A WHIP or WHEP session's trickle ICE (PATCH): its peer's further candidates. A session of another process is
   * answered by it: its answer (undefined when the session is this process's).
   */
  async trickle(session: string, kind: 'publisher' | 'viewer', fragment: string, token: string | undefined, request: Signalling): Promise<RelayedAnswer | undefined> {
    const { candidates } = parseTrickleFragment(fragment);
    const entry = await this.sessionFor(session, kind, token, request, 'PATCH');
    if ('relayed' in entry) return entry.relayed;
    if (candidates.length) this.engine.addCandidates(session, candidates);
    return undefined;
  }

  /**
   * DELETE of a WHIP session (the publisher stops: its stream ends) or of a WHEP one (the viewer leaves). A session of
   * another process is ended by it: its answer (undefined when the session is this process's).
   */
  async end(session: string, kind: 'publisher' | 'viewer', token: string | undefined, request: Signalling): Promise<RelayedAnswer | undefined> {
    const entry = await this.sessionFor(session, kind, token, request, 'DELETE');
    if ('relayed' in entry) return entry.relayed;
    if (entry.kind === 'publisher') await entry.hangUp();
    else this.forget(session);
    return undefined;
  }

  /**
   * The session, for a request that may act on it: a viewer's by its unguessable id; a publisher's also with its
   * stream key, or an access token of the stream's owner (a browser's token is refreshed during a long concert). One
   * this process does not have is asked of the process whose engine has its stream's media, if another one does.
   */
  private async sessionFor(
    session: string,
    kind: 'publisher' | 'viewer',
    token: string | undefined,
    request: Signalling,
    method: 'PATCH' | 'DELETE',
  ): Promise<WebRtcSession | { relayed: RelayedAnswer }> {
    const entry = this.sessions.get(session);
    if (!entry) {
      const streamId = streamOfSession(session);
      const target = `session:${session}`;
      const vouched = readForwarded(request.forwardedMark, this.secret, target);
      const relayed = streamId && (await this.fromOrigin(streamId, target, request, vouched, method, `/${API_PREFIX}/stream/${kind === 'publisher' ? 'whip' : 'whep'}/${session}`));
      if (relayed) return { relayed };
      throw webrtcErrors.noSession();
    }
    if (entry.kind !== kind) throw webrtcErrors.noSession();
    if (entry.kind === 'viewer') return entry;
    if ('key' in entry.owner) {
      if (entry.owner.key === token) return entry;
      throw webrtcErrors.noSession();
    }
    if (!token) throw webrtcErrors.noToken();
    // An expired token is a 401 the page refreshes and repeats, as for any call.
    if ((await this.principals.fromAccessToken(token)).userId === entry.owner.userId) return entry;
    throw webrtcErrors.noSession();
  }

  /**
   * A WHEP viewer's offer: the engine's answer with the stream's tracks. 409 (Retry-After) while the stream has not
   * started; 403 for an Ultra-only stream without the viewer's access; 503 at a cap (the player plays HLS then). While
   * the stream's media is in another process's engine, that process answers (and counts the viewer): its answer.
   */
  async view(streamId: string, offerText: string, access: string | undefined, viewer: string | undefined, request: Signalling): Promise<ViewAnswer> {
    if (!isUUID(streamId)) throw liveErrors.notFound();
    await this.access.check(streamId, access);
    const stream = await this.live.find(streamId);
    if (stream.status === 'ended') throw webrtcErrors.ended();
    if (stream.status !== 'live') throw webrtcErrors.notStarted();
    let offer: ReturnType<typeof readViewerOffer>;
    try {
      offer = readViewerOffer(offerText);
    } catch (e) {
      if (e instanceof SdpError) throw webrtcErrors.badOffer(e.message);
      throw e;
    }
    const target = `whep:${streamId}`;
    // The address another replica vouched for, when it forwarded this request here.
    const vouched = readForwarded(request.forwardedMark, this.secret, target);
    // Asked before the viewer is counted or takes a place here, so that only the process serving it does either.
    if (!this.sources.has(streamId)) {
      const query = new URLSearchParams(Object.entries({ viewer, access }).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
      const relayed = await this.fromOrigin(streamId, target, request, vouched, 'POST', `/${API_PREFIX}/stream/${streamId}/whep${query ? `?${query}` : ''}`);
      if (relayed) return { relayed };
    }
    if (!this.engine.running) throw webrtcErrors.unavailable();
    if (this.viewersHere() >= this.config.live.webrtc.maxViewers) throw webrtcErrors.full();
    // A viewer another replica sent here is counted at the address that replica vouched for, not at the replica's.
    const address = vouched?.address ?? request.address;
    const session = this.engine.newSession(streamId);
    const key = viewer ?? session;
    if (!this.live.viewers.touch(streamId, { viewer: key, address })) throw liveErrors.viewersFull();
    const entry: WebRtcSession = { kind: 'viewer', streamId, viewer: key, address, connected: false };
    this.sessions.set(session, entry);
    try {
      const source = this.sources.get(streamId);
      // An RTMP stream's first WebRTC viewer starts its feed; the engine waits for its first packets.
      if (source instanceof RtmpFeed) await source.wake();
      const answer = await this.engine.view(session, streamId, offer, (state) => {
        if (state === 'connected') entry.connected = true;
        else if (this.sessions.get(session) === entry) this.sessions.delete(session);
      });
      return { session, answer: announceHosts(answer, this.config.live.webrtc.hosts) };
    } catch (e) {
      this.sessions.delete(session);
      // The stream is live but its media is in no engine that answers (its publisher is reconnecting, or the process
      // that had it died): the player asks again, or plays HLS meanwhile.
      if (e instanceof WebRtcRefusal && e.reason === 'no_media') throw webrtcErrors.notStarted();
      throw e instanceof WebRtcRefusal ? webrtcErrors.startFailed(e.message) : e;
    }
  }

  /**
   * The answer of the process whose engine has the stream's media (its webrtc_origin), to a request this process
   * cannot serve from its own: the request goes on with the client's address signed. Undefined when there is no other
   * process to ask (none has the media, it is this one, or the request was forwarded already, `vouched` for by a
   * replica: never twice) or when it does not answer (it died; the caller answers as without it).
   */
  private async fromOrigin(
    streamId: string,
    target: string,
    request: Signalling,
    vouched: { address: string } | undefined,
    method: ForwardedRequest['method'],
    path: string,
  ): Promise<RelayedAnswer | undefined> {
    if (vouched) return undefined;
    const origin = await this.streams.webrtcOriginOf(streamId);
    if (!origin || origin === this.config.live.webrtc.originUrl) return undefined;
    const headers: Record<string, string> = { [FORWARDED_HEADER]: markForwarded(this.secret, target, request.address) };
    if (request.contentType) headers['content-type'] = request.contentType;
    if (request.authorization) headers.authorization = request.authorization;
    return this.forwarder.forward(origin, { method, path, headers, body: request.body });
  }

  private hasViewers(streamId: string): boolean {
    for (const session of this.sessions.values()) if (session.kind === 'viewer' && session.streamId === streamId) return true;
    return false;
  }

  /** WebRTC viewers this process serves now (those still connecting count: they hold a place). */
  viewersHere(): number {
    let count = 0;
    for (const session of this.sessions.values()) if (session.kind === 'viewer') count++;
    return count;
  }

  private narrow(offerText: string): ReturnType<typeof narrowPublisherOffer> {
    try {
      return narrowPublisherOffer(offerText);
    } catch (e) {
      if (e instanceof SdpError) throw webrtcErrors.badOffer(e.message);
      throw e;
    }
  }

  /** OBS (or any WHIP encoder): the database answers by the key's SHA-256, as it answers RTMP publishers. */
  private async admitKey(key: string): Promise<{ id: string; source: 'whip'; owner: { key: string } }> {
    const answer = await this.streams.publisherAdmission(hashStreamKey(key), this.config.live.reconnectSeconds);
    if ('refusal' in answer) throw REFUSED[answer.refusal]();
    return { id: answer.streamId, source: 'whip', owner: { key } };
  }

  /** The browser's go-live: the owner's access token and the stream's id; the plan's beta flag and the attempt limit. */
  private async admitOwner(token: string, streamId: string | undefined): Promise<{ id: string; source: 'browser'; owner: { userId: string } }> {
    const principal = await this.principals.fromAccessToken(token);
    if (principal.isAnonymous) throw webrtcErrors.noToken();
    if (!streamId || !isUUID(streamId)) throw webrtcErrors.badOffer('name the stream (?stream=<id>) when publishing with an access token');
    const stream = await this.live.find(streamId);
    if (stream.userId !== principal.userId) throw webrtcErrors.forbidden();
    if (stream.status === 'ended') throw webrtcErrors.ended();
    if (!this.live.mayPublish(stream)) throw webrtcErrors.busy();
    if (!(await this.entitlements.mayUse(principal.userId, 'browser-live'))) throw webrtcErrors.betaOnly();
    const wait = await this.live.ingestAttempt(streamId);
    if (wait) throw webrtcErrors.tooMany(wait);
    return { id: streamId, source: 'browser', owner: { userId: principal.userId } };
  }

  /** Closes a session in the engine and forgets it. */
  private forget(session: string): void {
    const entry = this.sessions.get(session);
    this.sessions.delete(session);
    this.engine.close(session);
    // Closed here, the engine says nothing more of it: a publisher's media ends now.
    if (entry?.kind === 'publisher') this.releaseMedia(entry.streamId, entry.media);
  }

  /** This process's engine has the stream's media from `media` (a source) now: the stream's webrtc_origin names this process. */
  private holdMedia(streamId: string, media: object): Promise<void> {
    this.sources.set(streamId, media);
    return this.writeOrigin(streamId, () => this.streams.setWebRtcOrigin(streamId, this.config.live.webrtc.originUrl));
  }

  /** `media` (a source) stopped: the stream's webrtc_origin is cleared, unless a newer source (here or elsewhere) took it. */
  private releaseMedia(streamId: string, media: object): void {
    if (this.sources.get(streamId) !== media) return;
    this.sources.delete(streamId);
    void this.writeOrigin(streamId, () => this.streams.clearWebRtcOrigin(streamId, this.config.live.webrtc.originUrl));
  }

  /**
   * Writes a stream's webrtc_origin after the writes before it. One that fails is logged, not thrown: a stale origin
   * costs a forward that fails (its viewers play HLS), a missing one a 409 from the other replicas.
   */
  private writeOrigin(streamId: string, write: () => Promise<void>): Promise<void> {
    const next = (this.originWrites.get(streamId) ?? Promise.resolve())
      .then(write)
      .catch((e: Error) => this.logger.warn(`The WebRTC origin of ${streamId} could not be written: ${e.message}`));
    this.originWrites.set(streamId, next);
    void next.then(() => this.originWrites.get(streamId) === next && this.originWrites.delete(streamId));
    return next;
  }

  /** Connected WebRTC viewers count as HLS players do by reloading: every few seconds, in every process's count. */
  private touchViewers(): void {
    for (const session of this.sessions.values()) {
      if (session.kind === 'viewer' && session.connected) this.live.viewers.touch(session.streamId, { viewer: session.viewer, address: session.address });
    }
  }
}
