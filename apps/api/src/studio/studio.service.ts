import { GENERATOR_VERSION } from '@grouarock/music-generator';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { EntitlementsService } from '../billing/entitlements.service';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { JobQueue } from '../repositories/job-queue';
import { MediaStorage } from '../repositories/media-storage';
import { type GenerationRow, StudioRepository, type TrackRow } from '../repositories/studio.repository';
import { MusicProvider } from '../repositories/music-provider';
import { STUDIO_QUEUE, StudioJobs } from './studio-jobs.service';
import { studioErrors } from './studio-errors';
import type { GenerationStatus } from '../repositories/schema/studio-generation.entity';
import { DEFAULT_GENRE, DEFAULT_LENGTH, DEFAULT_TITLE, PREMIUM_LENGTHS, PREMIUM_TOOLS } from './studio-options';
import type { GenerateDto, GenerateResultDto, LibraryDto, ProviderHealthDto, StatusResultDto, TrackDto, UsageDto } from './studio.dto';
import { type MediaLinkParams, MediaLinks } from './media-link';
import { toTrackDto } from './track-dto';
import type { TrackFileKind } from './track-media';

/** The built-in generator, as the API and the page name it. */
export const BUILTIN_GENERATOR = 'GrouaRock algorithmic generator (not a neural model)';

const STATUS_ORDER: GenerationStatus[] = ['queued', 'running', 'failed', 'succeeded'];

/**
 * The studio's requests: generating within the plan's limits (docs/studio.md), the spec's status answer, the library
 * and the provider's health. The tracks themselves are made by StudioJobs.
 */
@Injectable()
export class StudioService {
  private readonly logger = new Logger('StudioService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly entitlements: EntitlementsService,
    private readonly generations: StudioRepository,
    private readonly queue: JobQueue,
    private readonly storage: MediaStorage,
    private readonly provider: MusicProvider,
    private readonly jobs: StudioJobs,
    private readonly links: MediaLinks,
  ) {}

  async generate(userId: string, input: GenerateDto): Promise<GenerateResultDto> {
    const tool = input.provider ?? 'suno';
    const length = input.length ?? DEFAULT_LENGTH;
    const limits = await this.entitlements.limitsOf(userId);
    if (PREMIUM_TOOLS.includes(tool) && !limits.premiumStudioTools) throw studioErrors.premiumTool(tool === 'aiva' ? 'AIVA' : 'BandLab');
    if (PREMIUM_LENGTHS.includes(length) && !limits.longTracks) throw studioErrors.premiumLength();
    const useProvider = this.provider.configured && !this.jobs.circuit.isOpen();
    const generation = await this.generations.insertWithinLimit(
      {
        userId,
        engine: useProvider ? 'provider' : 'builtin',
        params: { prompt: input.prompt, title: input.title || DEFAULT_TITLE, genre: input.genre ?? DEFAULT_GENRE, length, tool },
        seed: input.seed ?? randomInt(0, 2 ** 31),
        generatorVersion: GENERATOR_VERSION,
        notice: this.provider.configured && !useProvider ? 'provider_unavailable' : null,
      },
      limits.aiGenerationsPerDay,
      (id, executeSql) => this.queue.send(STUDIO_QUEUE, { generationId: id }, executeSql).then(() => undefined),
    );
    if (!generation) throw studioErrors.dailyLimit(limits.aiGenerationsPerDay!);
    return { task_ids: [generation.id], engine: generation.engine, notice: generation.notice, error: null };
  }

  /** The spec's status answer over the user's generations among `ids` (others' are not found, so not there). */
  async status(userId: string, ids: string[]): Promise<StatusResultDto> {
    const found = await this.generations.generationsOf(userId, [...new Set(ids)]);
    const tracks = found.length ? await this.generations.tracksOfGenerations(found.map((g) => g.id)) : [];
    const failed = found.find((g) => g.status === 'failed');
    const least = found.map((g) => g.status).sort((a, b) => STATUS_ORDER.indexOf(a) - STATUS_ORDER.indexOf(b))[0] ?? 'failed';
    return {
      completed: found.length > 0 && found.every((g) => g.status === 'succeeded' || g.status === 'failed'),
      status: least,
      tracks: tracks.map((t) => this.toDto(t)),
      error: found.length === 0 ? { code: 'task_not_found', message: 'No such generation' } : failed ? { code: failed.errorCode ?? 'generation_failed', message: failed.errorMessage ?? '' } : null,
      notice: found.find((g: GenerationRow) => g.notice)?.notice ?? null,
    };
  }

  async usage(userId: string): Promise<UsageDto> {
    const [entitlements, used] = await Promise.all([this.entitlements.entitlementsOf(userId), this.generations.usedToday(userId)]);
    const limit = entitlements.limits.aiGenerationsPerDay;
    return { plan: entitlements.plan, limit, used, remaining: limit === null ? null : Math.max(0, limit - used), premiumTools: entitlements.limits.premiumStudioTools, longTracks: entitlements.limits.longTracks };
  }

  async library(userId: string): Promise<LibraryDto> {
    return { tracks: (await this.generations.tracksOf(userId, 200)).map((t) => this.toDto(t)) };
  }

  async rename(userId: string, id: string, title: string): Promise<TrackDto> {
    const track = await this.owned(userId, id);
    await this.generations.rename(track.id, title);
    return this.toDto({ ...track, title });
  }

  /**
   * Deletes the track, then its files. The row goes first: a store that does not answer now leaves the files, which
   * no row points to any more, to the hourly orphan sweep (StudioMaintenance.sweepOrphans), and the user's delete
   * still succeeds.
   */
  async remove(userId: string, id: string): Promise<void> {
    const track = await this.owned(userId, id);
    const files = await this.generations.delete(track.id);
    if (!files) return;
    // Both settle before the answer: a removal still retrying in the background could land after the caller moved on.
    for (const result of await Promise.allSettled([this.storage.remove(files.audioKey), this.storage.remove(files.imageKey)])) {
      if (result.status === 'rejected') this.logger.warn(`Removing the files of track ${track.id} failed (the orphan sweep removes them): ${(result.reason as Error).message}`);
    }
  }

  /**
   * A track's stored file (its key in MediaStorage) for a request with a signed link (players cannot send our bearer
   * token), or for its owner signed in (an API client). A link that does not match is 403 link_invalid, one past its
   * expiry 403 link_expired; a request with neither (the permanent URLs of before) is 401 link_retired. `expires` is the
   * link's, for a store's presigned URL that ends with it; undefined for the owner's own request.
   */
  async file(id: string, kind: TrackFileKind, link: Partial<MediaLinkParams>, userId: string | undefined, now = Date.now()): Promise<{ key: string; track: TrackRow; expires?: string }> {
    const signed = link.expires !== undefined || link.sig !== undefined;
    if (!signed && !userId) throw studioErrors.linkRetired();
    const track = await this.generations.track(id);
    // A link to a track deleted since, or someone else's track asked for by id: not found, as if it did not exist.
    if (!track || (!signed && track.userId !== userId)) throw studioErrors.trackNotFound();
    const key = kind === 'audio' ? track.audioKey : track.imageKey;
    if (!signed) return { key, track };
    const check = this.links.check({ trackId: track.id, ownerId: track.userId, kind }, link, now);
    if (check === 'invalid') throw studioErrors.linkInvalid();
    if (check === 'expired') throw studioErrors.linkExpired();
    return { key, track, expires: link.expires };
  }

  /** How long a store's presigned URL may work so that it ends with the link it stands for. */
  secondsLeft(expires: string, now = Date.now()): number {
    return this.links.secondsLeft(expires, now);
  }

  /**
   * A track's audio to keep in the browser for offline listening ("Playlisty offline"): the owner's own tracks, on a
   * plan with `offline`. The plan is read first, so Basic hears which plan opens it whatever the id.
   */
  async offlineFile(userId: string, id: string): Promise<string> {
    if (!(await this.entitlements.limitsOf(userId)).offline) throw studioErrors.premiumOffline();
    return (await this.owned(userId, id)).audioKey;
  }

  async providerHealth(): Promise<ProviderHealthDto> {
    const health = this.provider.configured ? await this.provider.health() : null;
    const openUntil = this.jobs.circuit.reopensAt();
    return {
      engine: this.provider.configured && !openUntil ? 'provider' : 'builtin',
      generator: BUILTIN_GENERATOR,
      generatorVersion: GENERATOR_VERSION,
      configured: this.provider.configured,
      kind: this.provider.kind,
      reachable: health ? health.reachable : null,
      latencyMs: health ? health.latencyMs : null,
      circuit: openUntil ? 'open' : 'closed',
      openUntil: openUntil?.toISOString() ?? null,
      error: health?.error ?? null,
    };
  }

  private async owned(userId: string, id: string): Promise<TrackRow> {
    const track = await this.generations.track(id);
    // Someone else's track is not found, as if it did not exist.
    if (!track || track.userId !== userId) throw studioErrors.trackNotFound();
    return track;
  }

  private toDto(row: TrackRow): TrackDto {
    return toTrackDto(row, this.config.publicUrl, this.links);
  }
}
