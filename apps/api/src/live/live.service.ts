import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
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
 * Streams and their states (docs/live.md): created ready with a key shown once; live when the first segment is
 * written; ended (a replay) when its video stops or its owner stops it. Every change is announced on `global.events`
 * (stream_started, stream_ended) to every API process's clients.
 */
@Injectable()
export class LiveService {
  private readonly logger = new Logger('LiveService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: LiveStreamRepository,
    private readonly files: HlsFiles,
    private readonly bus: EventBus,
    private readonly outbox: WebhookOutbox,
    private readonly limits: RateLimitStore,
    private readonly access: LiveAccess,
    readonly viewers: LiveViewers,
  ) {}

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
   * when the `retired` event reaches it.
   */
  async end(id: string): Promise<void> {
    const ended = await this.streams.markEnded(id);
    const ready = ended ? undefined : await this.streams.findById(id);
    const removed = ready?.status === 'ready' && (await this.streams.deleteIf(id, ['ready']));
    if (!ended && !removed) return;
    await this.publishInternal({ channel: LIVE_INTERNAL_CHANNEL, type: 'retired', data: { id } });
    this.viewers.forget(id);
    if (ended) await this.announce('stream_ended', ended);
    else await this.announce('stream_ended', { ...ready!, status: 'ended', endedAt: new Date() });
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

  private async announce(type: 'stream_started' | 'stream_ended', row: LiveStreamRow): Promise<void> {
    await this.bus.publish({ channel: 'global.events', type, data: { ...this.toDto(row) } }).catch((e: Error) => this.logger.warn(`Announcing ${type} failed: ${e.message}`));
    await this.outbox.publish(type, this.toDto(row), row.userId);
  }

  private async publishInternal(event: LiveInternalEvent): Promise<void> {
    await this.bus.publish(event);
  }
}
