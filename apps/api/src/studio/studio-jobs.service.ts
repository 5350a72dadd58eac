import { GENRE_PRESETS, type StudioGenre } from '@grouarock/music-generator';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
import { WebhookOutbox } from '../webhooks/webhook-outbox.service';
import { EventBus } from '../repositories/event-bus';
import { Ffmpeg } from '../repositories/ffmpeg';
import { JobQueue } from '../repositories/job-queue';
import type { JobPayloads } from '../repositories/schema/jobs';
import { MediaStorage, StorageUnavailableError } from '../repositories/media-storage';
import { type GenerationRow, type NewTrack, StudioRepository } from '../repositories/studio.repository';
import { coverSvg } from './cover';
import { MusicProvider, ProviderRateLimited } from '../repositories/music-provider';
import { ProviderAnswerError, type ProviderClip } from '../repositories/music-provider-dialects';
import { ProviderCircuit } from './provider-circuit';
import { LENGTH_SECONDS, type TrackLength } from './studio-options';
import { MediaLinks } from './media-link';
import { toTrackDto } from './track-dto';
import { trackFilePutOptions } from './track-media';
import { TrackRenderer } from './track-renderer';
import { Metrics } from '../core/metrics/metrics';

export const STUDIO_QUEUE = 'studio.generate' satisfies keyof JobPayloads;

/**
 * Runs of a job after its first (pg-boss's retryLimit), the first JOB_RETRY_DELAY_SECONDS (5) after the failure and
 * each next one about twice as long after (JobQueue): 5–10, 10–20 and 20–40 s, so a store away for up to 35 s loses no
 * generation. A run that finds its generation already running resumes it: an earlier one stopped, died or could not
 * store its files.
 */
const RETRIES = 3;

/** A generation that cannot give the user a track: its code and message reach the page, its quota unit comes back. */
class GenerationFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The process is stopping: the job goes back to the queue and another process picks it up where this one was. */
class Interrupted extends Error {}

/** Why the provider did not make the track and the built-in generator did (the generation's notice). */
type Fallback = 'provider_unavailable' | 'provider_failed' | 'provider_timeout';

/** The file extension of a JPEG, PNG or WebP image by its first bytes; undefined for anything else. */
function imageExtension(data: Buffer): string | undefined {
  if (data[0] === 0xff && data[1] === 0xd8) return 'jpg';
  if (data.subarray(0, 4).toString('latin1') === '\x89PNG') return 'png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/** Poll errors in a row after which the provider counts as unavailable for this generation. */
const POLL_ERRORS = 3;

/**
 * Makes the tracks of queued generations (pg-boss queue `studio.generate`): with the built-in generator, or with the
 * provider (falling back to the built-in generator when it fails), then stores them and tells the user's page on
 * `user.{id}`. A job may run twice (a retry after its process stopped): it resumes, never charges or stores twice.
 */
@Injectable()
export class StudioJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StudioJobs');
  private readonly stopping = new AbortController();
  readonly circuit = new ProviderCircuit();
  /** Polls waiting in this process, by provider task id: a provider's callback ends the wait early. */
  private readonly wakers = new Map<string, () => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly generations: StudioRepository,
    private readonly renderer: TrackRenderer,
    private readonly ffmpeg: Ffmpeg,
    private readonly storage: MediaStorage,
    private readonly provider: MusicProvider,
    private readonly bus: EventBus,
    private readonly outbox: WebhookOutbox,
    private readonly metrics: Metrics,
    private readonly links: MediaLinks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Up to 280 s polling a provider, plus the built-in generator standing in: a job running longer has died.
    await this.queue.declare(STUDIO_QUEUE, { retryLimit: RETRIES, expireInSeconds: 300 + 60 });
    await this.queue.work(STUDIO_QUEUE, this.config.studio.workers, ({ generationId }, _jobId, lastTry) => this.run(generationId, lastTry));
  }

  onModuleDestroy(): void {
    this.stopping.abort();
  }

  /** A provider called back about its task: if this process is waiting on it, it asks at once. */
  wake(providerTaskId: string): void {
    this.wakers.get(providerTaskId)?.();
  }

  /**
   * The job: idempotent by the generation's state. A store that does not answer fails the run so that pg-boss runs it
   * again later, unless this is the `lastTry`: then the generation fails.
   */
  async run(generationId: string, lastTry = true): Promise<void> {
    const generation = await this.generations.start(generationId);
    if (!generation) return;
    const started = process.hrtime.bigint();
    const rendered = (result: 'completed' | 'failed') => {
      this.metrics.studioRenders.inc({ result });
      this.metrics.studioRenderSeconds.observe({ result }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    try {
      const made = await this.make(generation);
      rendered('completed');
      if (await this.generations.finish(generation.id, generation.userId, made)) {
        const tracks = (await this.generations.tracksOfGenerations([generation.id])).map((t) => toTrackDto(t, this.config.publicUrl, this.links));
        await this.tell(generation.userId, 'track_ready', { task_id: generation.id, tracks });
      }
    } catch (e) {
      if (e instanceof Interrupted) throw e;
      if (e instanceof StorageUnavailableError && !lastTry) {
        // Nothing points to what was written: the retry writes the same keys again, or the failure below removes them.
        this.logger.warn(`Generation ${generation.id}: storing its files failed, the job is tried again: ${e.message}`);
        throw e;
      }
      rendered('failed');
      const failure = this.failureOf(generation, e);
      // A store that still does not answer keeps what was written; the orphan sweep removes it (the generation failed).
      await this.storage
        .remove(`studio/${generation.id}`)
        .catch((removing: Error) => this.logger.warn(`Removing the files of failed generation ${generation.id} failed (the orphan sweep removes them): ${removing.message}`));
      if (await this.generations.fail(generation.id, failure.code, failure.message)) {
        await this.tell(generation.userId, 'generation_failed', { task_id: generation.id, error: { code: failure.code, message: failure.message } });
      }
    }
  }

  /** What the user is told of a generation that cannot end with a track. */
  private failureOf(generation: GenerationRow, e: unknown): GenerationFailed {
    if (e instanceof GenerationFailed) return e;
    if (e instanceof StorageUnavailableError) {
      this.logger.error(`Generation ${generation.id} failed, its files could not be stored: ${e.message}`);
      return new GenerationFailed('storage_unavailable', 'The track was made but could not be stored; try again in a moment (this attempt does not count)');
    }
    this.logger.error(`Generation ${generation.id} failed: ${(e as Error).stack ?? String(e)}`);
    return new GenerationFailed('generation_failed', 'The track could not be generated');
  }

  private async make(generation: GenerationRow): Promise<NewTrack[]> {
    if (generation.engine === 'builtin') return [await this.builtin(generation)];
    const outcome = await this.viaProvider(generation);
    if (Array.isArray(outcome)) return outcome;
    this.logger.warn(`Generation ${generation.id}: the provider did not make it (${outcome}); the built-in generator does`);
    await this.generations.fallBackToBuiltin(generation.id, outcome);
    return [await this.builtin(generation)];
  }

  private async builtin(generation: GenerationRow): Promise<NewTrack> {
    const { params, seed } = generation;
    const seconds = LENGTH_SECONDS[params.length as TrackLength];
    const track = await this.renderer.render({ genre: params.genre as StudioGenre, prompt: params.prompt, seconds, seed });
    const audio = await this.ffmpeg.encodeMp3(track.left, track.right, track.sampleRate);
    const tags = track.tags.join(', ');
    return this.store(generation, 0, { title: params.title, duration: seconds, tags, audio, cover: { data: coverSvg({ title: params.title, subtitle: tags, seed }), extension: 'svg' } });
  }

  /** The provider's clips, stored as ours; or why the built-in generator has to stand in. */
  private async viaProvider(generation: GenerationRow): Promise<NewTrack[] | Fallback> {
    const { pollSeconds, timeoutSeconds } = this.config.studio.provider!;
    const deadline = (generation.startedAt ?? new Date()).getTime() + timeoutSeconds * 1000;
    const { params } = generation;
    let ids = generation.providerTaskIds;
    let errors = 0;
    while (Date.now() < deadline) {
      try {
        if (!ids) {
          ids = await this.provider.submit({ prompt: params.prompt, title: params.title, tags: GENRE_PRESETS[params.genre as StudioGenre].name, callbackUrl: `${this.config.publicUrl}/${API_PREFIX}/studio/provider-callback` });
          await this.generations.setProviderTaskIds(generation.id, ids);
        }
        const poll = await this.provider.poll(ids);
        errors = 0;
        if (poll.state === 'done') {
          this.circuit.succeeded();
          return await this.storeClips(generation, poll.clips);
        }
        if (poll.state === 'failed') {
          if (poll.reason === 'content_refused') throw new GenerationFailed('content_refused', poll.message);
          this.circuit.failed();
          return 'provider_failed';
        }
        await this.pause(pollSeconds * 1000, deadline, ids[0]);
      } catch (e) {
        // Our own store failing is not the provider's failure: the job is retried (or fails) as a whole.
        if (e instanceof GenerationFailed || e instanceof Interrupted || e instanceof StorageUnavailableError) throw e;
        if (e instanceof ProviderRateLimited) {
          await this.pause(e.retryAfterMs, deadline);
          continue;
        }
        if (e instanceof ProviderAnswerError && e.reason === 'content_refused') throw new GenerationFailed('content_refused', e.message);
        this.logger.warn(`Generation ${generation.id}: ${(e as Error).message}`);
        // Not accepted at all, or no answer several times in a row: the provider is not there for us now.
        if (!ids || ++errors >= POLL_ERRORS) {
          this.circuit.failed();
          return 'provider_unavailable';
        }
        await this.pause(pollSeconds * 1000, deadline);
      }
    }
    this.circuit.failed();
    return 'provider_timeout';
  }

  private async storeClips(generation: GenerationRow, clips: ProviderClip[]): Promise<NewTrack[]> {
    const { params, seed } = generation;
    return Promise.all(
      clips.map(async (clip, position) => {
        const audio = await this.provider.download(clip.audioUrl, 'audio');
        const title = clip.title?.slice(0, 100) || params.title;
        const tags = (clip.tags ?? GENRE_PRESETS[params.genre as StudioGenre].name).slice(0, 300);
        // A cover that cannot be copied, or is not an image we know, is replaced by one of ours.
        const image = clip.imageUrl ? await this.provider.download(clip.imageUrl, 'image').catch(() => undefined) : undefined;
        const extension = image && imageExtension(image);
        const cover = image && extension ? { data: image, extension } : { data: coverSvg({ title, subtitle: tags, seed: seed + position }), extension: 'svg' };
        return this.store(generation, position, { title, duration: clip.duration ?? 0, tags, audio, cover });
      }),
    );
  }

  /**
   * Writes a track's files (named by generation and position, so a second run overwrites rather than adds), with the
   * type and caching they are served with (a CDN may serve them straight from the store). Only once both are written
   * does the track's row, in finish(), point to them.
   */
  private async store(
    generation: GenerationRow,
    position: number,
    made: { title: string; duration: number; tags: string; audio: Buffer; cover: { data: Buffer | string; extension: string } },
  ): Promise<NewTrack> {
    const base = `studio/${generation.id}/${position}`;
    const imageKey = `${base}.${made.cover.extension}`;
    const audioKey = `${base}.mp3`;
    await this.storage.put(audioKey, made.audio, trackFilePutOptions(audioKey, 'audio'));
    await this.storage.put(imageKey, made.cover.data, trackFilePutOptions(imageKey, 'cover'));
    return { position, title: made.title, duration: made.duration, tags: made.tags, audioKey, imageKey, audioBytes: made.audio.length };
  }

  /**
   * Waits, unless the deadline comes first, the provider calls back about `wakeKey`, or the process is stopping (then
   * the job goes back to the queue).
   */
  private async pause(ms: number, deadline: number, wakeKey?: string): Promise<void> {
    const wait = Math.max(0, Math.min(ms, deadline - Date.now()));
    const signal = this.stopping.signal;
    await new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(new Interrupted());
      const done = (interrupted: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        if (wakeKey) this.wakers.delete(wakeKey);
        if (interrupted) reject(new Interrupted());
        else resolve();
      };
      const stop = () => done(true);
      const timer = setTimeout(() => done(false), wait);
      signal.addEventListener('abort', stop, { once: true });
      if (wakeKey) this.wakers.set(wakeKey, () => done(false));
    });
  }

  private async tell(userId: string, type: 'track_ready' | 'generation_failed', data: Record<string, unknown>): Promise<void> {
    await this.bus.publish({ channel: `user.${userId}`, type, data }).catch((e: Error) => this.logger.warn(`Telling ${type} failed: ${e.message}`));
    await this.outbox.publish(type, data, userId);
  }
}
