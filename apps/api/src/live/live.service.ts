import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
import { Metrics } from '../core/metrics/metrics';
import { WebhookOutbox } from '../webhooks/webhook-outbox.service';
import { EventBus } from '../repositories/event-bus';
import { HlsFiles } from '../repositories/hls-files';
import { type LiveStreamRow, LiveStreamRepository } from '../repositories/live-stream.repository';
import { RateLimitStore } from '../repositories/rate-limit-store';
import { replayPlaylist } from './hls-playlist';
import { liveErrors } from './live-errors';
import { LIVE_INTERNAL_CHANNEL, type LiveInternalEvent } from './live-events';
import { LiveAccess } from './live-access.service';
import type { StreamAudience, StreamSource } from '../repositories/schema/live-stream.entity';
import type { CreatedStreamDto, CreateStreamDto, CurrentStreamDto, LiveStreamDto, StreamListDto, WatchDto } from './live.dto';
import { hashStreamKey, newStreamKey } from '../core/security/stream-keys';
import { LiveViewers } from './live-viewers.service';

/** Browser ingest connections one stream may make in a minute, over every process: each may start an ffmpeg. */
export const INGEST_ATTEMPTS_PER_MINUTE = 10;
/**
 * How soon a stream whose reconnect window has closed is looked at again while a publisher holds it (came back, and
 * has not sent its first segment yet): that segment, or its giving up, comes within 20 s.
 */
const RECHECK_MS = 1000;

/**
 * Streams and their states (docs/live.md): created ready with a key shown once; live when the first segment is
 * written; ended (a replay) when its owner stops it, or when its publisher's connection dropped and it did not come
 * back within LIVE_RECONNECT_SECONDS. Every change is announced on `global.events` (stream_started, stream_ended) to
 * every API process's clients.
 */
@Injectable()
export class LiveService implements OnModuleDestroy {
  private readonly logger = new Logger('LiveService');
  /** The streams whose publisher this process saw drop, each looked at again when its reconnect window closes. */
  private readonly awaiting = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: LiveStreamRepository,
    private readonly files: HlsFiles,
    private readonly bus: EventBus,
    private readonly outbox: WebhookOutbox,
    private readonly limits: RateLimitStore,
    private readonly access: LiveAccess,
    readonly viewers: LiveViewers,
    metrics: Metrics,
  ) {
    metrics.liveStreams.read(async () => {
      // A database that does not answer leaves the figure out of this scrape, rather than failing the whole scrape.
      const counts = await this.streams.countByStatus().catch((e: Error) => void this.logger.warn(`Counting streams for the metrics failed: ${e.message}`));
      return counts
        ? [
            [{ state: 'ready' }, counts.ready],
            [{ state: 'live' }, counts.live],
          ]
        : [];
    });
  }

  onModuleDestroy(): void {
    for (const timer of this.awaiting.values()) clearTimeout(timer);
    this.awaiting.clear();
  }

  get ingestUrl(): string | null {
    return this.config.live.rtmpPort ? `rtmp://${new URL(this.config.publicUrl).hostname}:${this.config.live.rtmpPort}/live` : null;
  }

  playbackUrl(id: string): string {
    return `${this.config.publicUrl}/${API_PREFIX}/live/${id}/index.m3u8`;
  }

  async create(userId: string, input: CreateStreamDto): Promise<CreatedStreamDto> {
    const readySince = new Date(Date.now() - this.config.live.readyMinutes * 60_000);
    if ((await this.streams.countPublishable(readySince)) >= this.config.live.maxPublishers) throw liveErrors.full(this.config.live.maxPublishers);
    const streamKey = newStreamKey();
    // Nothing is announced: an RTMP publisher's key is looked up in the database when it publishes.
    const row = await this.streams.insert({ userId, title: input.title, description: input.description || null, genre: input.genre, audience: input.audience ?? 'everyone', streamKeyHash: hashStreamKey(streamKey) });
    return { id: row.id, streamKey, ingestUrl: this.ingestUrl, playbackUrl: this.playbackUrl(row.id), status: 'ready', maxListeners: this.config.live.maxViewers };
  }

  async current(userId: string): Promise<CurrentStreamDto> {
    const row = await this.streams.currentOf(userId);
    return { stream: row ? this.toDto(row) : null, ingestUrl: this.ingestUrl };
  }

  async list(): Promise<StreamListDto> {
    const [live, replays] = await Promise.all([this.streams.live(), this.streams.replays(20)]);
    return { live: live.map((r) => this.toDto(r)), replays: replays.map((r) => this.toDto(r)) };
  }

  async get(id: string): Promise<LiveStreamDto> {
    return this.toDto(await this.find(id));
  }

  async find(id: string): Promise<LiveStreamRow> {
    const row = await this.streams.findById(id);
    if (!row) throw liveErrors.notFound();
    return row;
  }

  /**
   * The owner sets who may watch their stream while it is ready or live (a replay keeps the audience it ended with).
   * Announced on `global.events` as `stream_updated`, so lists show or drop its lock at once.
   */
  async setAudience(userId: string, id: string, audience: StreamAudience): Promise<LiveStreamDto> {
    await this.owned(userId, id);
    const row = await this.streams.setAudience(id, audience);
    if (!row) throw liveErrors.ended();
    this.access.forget(id);
    const dto = this.toDto(row);
    await this.bus.publish({ channel: 'global.events', type: 'stream_updated', data: { ...dto } }).catch((e: Error) => this.logger.warn(`Announcing stream_updated failed: ${e.message}`));
    return dto;
  }

  /** Where this viewer (signed in or not) plays the stream: an Ultra-only one's URL carries their access, or they are refused. */
  async watch(id: string, userId: string | undefined): Promise<WatchDto> {
    const granted = await this.access.grant(await this.find(id), userId);
    const url = this.playbackUrl(id);
    return granted ? { playbackUrl: `${url}?access=${granted.access}`, accessUntil: granted.until.toISOString() } : { playbackUrl: url, accessUntil: null };
  }

  /** The owner stops their stream: a live one becomes a replay, one that never went live is gone. */
  async stop(userId: string, id: string): Promise<void> {
    await this.end((await this.owned(userId, id)).id);
  }

  /**
   * Counts a browser ingest connection to the stream: the seconds to wait when it is over INGEST_ATTEMPTS_PER_MINUTE
   * (a page reconnecting in a loop would start an ffmpeg each time), otherwise 0.
   */
  async ingestAttempt(id: string): Promise<number> {
    const { hits, msLeft } = await this.limits.hit(`live-ingest:${id}`, 60_000);
    return hits > INGEST_ATTEMPTS_PER_MINUTE ? Math.max(1, Math.ceil(msLeft / 1000)) : 0;
  }

  /** The owner deletes their stream and its video (stopping it first). */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.owned(userId, id);
    await this.end(row.id);
    await this.deleteReplay(row.id);
  }

  /**
   * Deletes an ended stream and its video, and says so on `global.events` (`stream_deleted`, `{ id }`), so lists
   * drop it and whoever is watching it learns it is gone. False when it was not there (deleted meanwhile).
   */
  async deleteReplay(id: string): Promise<boolean> {
    const deleted = await this.streams.deleteIf(id, ['ended', 'ready']);
    // A store that does not answer now keeps the files; the hourly sweep removes files no stream owns.
    await this.files.remove(id).catch((e: Error) => this.logger.warn(`Removing the files of ${id} failed: ${e.message}`));
    if (deleted) {
      await this.bus.publish({ channel: 'global.events', type: 'stream_deleted', data: { id } }).catch((e: Error) => this.logger.warn(`Announcing stream_deleted failed: ${e.message}`));
    }
    return deleted;
  }

  /**
   * ready → live, announced once (whichever process's call wins). False when the stream was not ready: it ended or
   * was deleted meanwhile, and its packaging is to stop.
   */
  async goLive(id: string, source: StreamSource): Promise<boolean> {
    const row = await this.streams.markLive(id, source);
    if (row) await this.announce('stream_started', row);
    return row !== undefined;
  }

  /**
   * Ends the stream whatever its state: live → ended (a replay), ready → deleted (nothing to replay). Its key stops
   * working at once (the database answers RTMP publishers); the process packaging it stops (and writes the replay)
   * when the `retired` event reaches it. The owner's stop ends a stream awaiting its publisher's return at once too.
   */
  async end(id: string): Promise<void> {
    const ended = await this.streams.markEnded(id);
    const ready = ended ? undefined : await this.streams.findById(id);
    const removed = ready?.status === 'ready' && (await this.streams.deleteIf(id, ['ready']));
    if (removed) return this.retire({ ...ready!, status: 'ended', endedAt: new Date() });
    if (!ended) return;
    await this.retire(ended);
    // Stopped while it awaited its publisher's return: no process packages it to write the replay when retired.
    if (ended.disconnectedAt) await this.writeReplay(id);
  }

  /** Whether a publisher may try to publish the stream: it is ready, or live and awaiting its publisher's return. */
  mayPublish(row: LiveStreamRow): boolean {
    return row.status === 'ready' || (row.status === 'live' && row.disconnectedAt !== null);
  }

  /**
   * The stream's publisher dropped (docs/live.md, "Reconnecting"): the stream stays live, its viewers' playlist as it
   * is, for LIVE_RECONNECT_SECONDS, and a publisher of it who comes back to any process continues it; false when it
   * is not to wait (no window is set, or it is not live: it ended meanwhile). Unless `watch` is false (this process is
   * stopping), this process ends it when the window closes and nobody came back; the maintenance sweep of any process
   * does should this one go away first.
   */
  async disconnect(id: string, { watch = true } = {}): Promise<boolean> {
    if (this.config.live.reconnectSeconds === 0 || !(await this.streams.markDisconnected(id))) return false;
    if (watch) this.lookAgain(id, this.config.live.reconnectSeconds * 1000);
    return true;
  }

  /** The publisher who came back sends video again: the stream no longer waits. False when it ended meanwhile. */
  async reconnected(id: string): Promise<boolean> {
    return this.streams.markReconnected(id);
  }

  /**
   * Ends the stream, as a replay of what was published, when its publisher dropped LIVE_RECONNECT_SECONDS before `now`
   * or earlier and nobody came back (nor is coming back: holds it); whether it did. Nothing packages it, so the replay
   * is written here.
   */
  async endUnresumed(id: string, now = new Date()): Promise<boolean> {
    const ended = await this.streams.markEndedUnresumed(id, new Date(now.getTime() - this.config.live.reconnectSeconds * 1000));
    if (!ended) return false;
    this.logger.log(`${id} ended: its publisher did not come back within ${this.config.live.reconnectSeconds} s`);
    await this.retire(ended);
    await this.writeReplay(id);
    return true;
  }

  /**
   * Looks at a stream awaiting its publisher once its window has closed: ended, unless a publisher holds it (then looked
   * at again a moment later: its first segment, or its giving up, comes soon).
   */
  private lookAgain(id: string, ms: number): void {
    clearTimeout(this.awaiting.get(id));
    const timer = setTimeout(() => {
      this.awaiting.delete(id);
      void this.settle(id).catch((e: Error) => this.logger.warn(`Ending ${id}, whose publisher did not come back, failed: ${e.message}`));
    }, ms);
    timer.unref();
    this.awaiting.set(id, timer);
  }

  private async settle(id: string): Promise<void> {
    const state = await this.streams.awaitingPublisher(id, this.config.live.reconnectSeconds);
    // Its publisher is back (or it ended otherwise): nothing to do.
    if (!state) return;
    if (state.secondsLeft > 0 || state.held || !(await this.endUnresumed(id))) this.lookAgain(id, Math.max(RECHECK_MS, state.secondsLeft * 1000));
  }

  /** The finished playlist of the whole stream, from the journal of its segments, and its length. */
  async writeReplay(id: string): Promise<void> {
    // Deleted meanwhile (stopped before going live, or by its owner): nothing of it stays.
    if (!(await this.streams.findById(id))) return this.files.remove(id);
    const segments = await this.streams.segments(id);
    if (segments.length) await this.files.publishPlaylist(id, replayPlaylist(segments));
    const seconds = segments.reduce((sum, s) => sum + s.duration, 0);
    await this.streams.setDuration(id, Math.round(seconds * 10) / 10);
  }

  toDto(row: LiveStreamRow): LiveStreamDto {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      genre: row.genre,
      status: row.status,
      isLive: row.status === 'live',
      audience: row.audience,
      requiredPlan: row.audience === 'ultra' ? 'ultra' : null,
      ownerName: row.ownerName,
      userId: row.userId,
      startedAt: row.startedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      durationSeconds: row.durationSeconds,
      playbackUrl: this.playbackUrl(row.id),
      viewers: row.status === 'live' ? this.viewers.count(row.id) : 0,
    };
  }

  /** The caller's own stream; someone else's answers as one that does not exist, like every owned resource's id. */
  private async owned(userId: string, id: string): Promise<LiveStreamRow> {
    const row = await this.find(id);
    if (row.userId !== userId) throw liveErrors.notFound();
    return row;
  }

  /** The stream ended: its packaging stops wherever it runs (`retired`), its viewers are forgotten, and its end is announced. */
  private async retire(ended: LiveStreamRow): Promise<void> {
    await this.publishInternal({ channel: LIVE_INTERNAL_CHANNEL, type: 'retired', data: { id: ended.id } });
    this.viewers.forget(ended.id);
    await this.announce('stream_ended', ended);
  }

  private async announce(type: 'stream_started' | 'stream_ended', row: LiveStreamRow): Promise<void> {
    await this.bus.publish({ channel: 'global.events', type, data: { ...this.toDto(row) } }).catch((e: Error) => this.logger.warn(`Announcing ${type} failed: ${e.message}`));
    await this.outbox.publish(type, this.toDto(row), row.userId);
  }

  private async publishInternal(event: LiveInternalEvent): Promise<void> {
    await this.bus.publish(event);
  }
}
