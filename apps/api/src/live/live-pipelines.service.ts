import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { EventBus } from '../repositories/event-bus';
import { Ffmpeg, type HlsInput } from '../repositories/ffmpeg';
import { HlsFiles } from '../repositories/hls-files';
import { LiveStreamRepository } from '../repositories/live-stream.repository';
import { type RtmpEvent, RtmpIngest } from '../repositories/rtmp-ingest';
import { isLiveInternal } from './live-events';
import { LivePipeline } from './live-pipeline';
import type { StreamSource } from './live-stream.entity';
import { LiveService } from './live.service';
import { redactStreamKeys } from './stream-keys';

/** How often the RTMP worker's keys are read again from the database. */
const KEY_REFRESH_MS = 60_000;
/** How long a starting publisher holds its stream in the database; the hold is renewed at a third of it. */
const HOLD_SECONDS = 15;

/** Why a publisher was not taken, for the browser's close frame. */
export type PublishRefusal = 'busy' | 'full' | 'transcodes_full';

/**
 * The streams this process packages (docs/live.md, "Ingest"): it runs the RTMP ingest (when RTMP_PORT is set) and
 * takes browsers' recordings, starts one ffmpeg per stream within the configured caps, and turns what each pipeline
 * sees into the stream's state through LiveService.
 */
@Injectable()
export class LivePipelines implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LivePipelines');
  private readonly pipelines = new Map<string, LivePipeline>();
  /** Slots claimed by publishers whose pipeline is still starting (whether each transcodes): they count as taken. */
  private readonly starting = new Map<string, boolean>();
  /** The database holds of the publishers here whose stream is not live yet: the hold's end, and its renewal. */
  private readonly holds = new Map<string, { until: string; renewal: NodeJS.Timeout }>();
  private stopListening?: () => void;
  private keyRefresh?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly live: LiveService,
    private readonly streams: LiveStreamRepository,
    private readonly files: HlsFiles,
    private readonly ffmpeg: Ffmpeg,
    private readonly rtmp: RtmpIngest,
    private readonly bus: EventBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopListening = this.bus.onEvent((event) => {
      if (!isLiveInternal(event)) return;
      if (event.type === 'key_added') this.rtmp.admit(event.data.hash, event.data.id);
      else {
        this.rtmp.retire(event.data.id);
        void this.finish(event.data.id);
      }
    });
    if (!this.config.live.rtmpPort) return;
    await this.rtmp.start(
      { port: this.config.live.rtmpPort },
      () => this.streams.publishableKeys(),
      (event) => this.onRtmp(event),
    );
    // A key_added the bus lost while reconnecting would keep a new key out until the worker restarts: re-read them.
    this.keyRefresh = setInterval(() => void this.rtmp.refreshKeys().catch((e: Error) => this.logger.warn(`Reading the stream keys failed: ${e.message}`)), KEY_REFRESH_MS);
    this.keyRefresh.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    clearInterval(this.keyRefresh);
    for (const streamId of [...this.holds.keys()]) this.letGo(streamId);
    await Promise.all([...this.pipelines.values()].map((p) => p.finish()));
  }

  get count(): number {
    return this.pipelines.size;
  }

  /**
   * Takes a slot for a publisher of `streamId` at once, before anything is awaited, so that two publishers of one
   * stream (two sockets, or a socket and RTMP) or of the last free slot cannot both pass; otherwise says why not. A
   * taken slot is handed to `start`, or given back with `unclaim`.
   */
  claim(streamId: string, transcode: boolean): PublishRefusal | undefined {
    if (this.pipelines.has(streamId) || this.starting.has(streamId)) return 'busy';
    if (this.pipelines.size + this.starting.size >= this.config.live.maxPublishers) return 'full';
    const transcoding = [...this.pipelines.values()].filter((p) => p.transcodes).length + [...this.starting.values()].filter((t) => t).length;
    if (transcode && transcoding >= this.config.live.maxTranscodes) return 'transcodes_full';
    this.starting.set(streamId, transcode);
    return undefined;
  }

  unclaim(streamId: string): void {
    this.starting.delete(streamId);
  }

  /**
   * Starts packaging in the slot `claim` took for it; the slot is given back should the start fail. The slot is this
   * process's; the stream is held in the database too, so a publisher that reached another process at the same
   * moment is turned away: 'busy' then.
   */
  async start(streamId: string, source: StreamSource, input: HlsInput): Promise<LivePipeline | 'busy' | 'transcodes_full'> {
    try {
      const held = await this.hold(streamId, input.kind === 'webm' && input.transcode);
      if (held) return held;
      try {
        const pipeline = this.package(streamId, source, input, await this.files.create(streamId));
        void this.finishIfStopped(streamId);
        return pipeline;
      } catch (e) {
        // Whatever failed (the folder, ffmpeg), the hold goes with the slot: left renewing, it would bar the stream.
        this.letGo(streamId);
        throw e;
      }
    } finally {
      this.starting.delete(streamId);
    }
  }

  /**
   * A stream stopped (or deleted) while its pipeline started: the `retired` event found no pipeline here to finish,
   * so it is finished now, leaving nothing running or on disk. A stop from now on finds the pipeline.
   */
  private async finishIfStopped(streamId: string): Promise<void> {
    try {
      const row = await this.streams.findById(streamId);
      if (!row || row.status === 'ended') await this.finish(streamId);
    } catch (e) {
      this.logger.warn(`Checking ${streamId} after its start failed: ${(e as Error).message}`);
    }
  }

  private package(streamId: string, source: StreamSource, input: HlsInput, dir: string): LivePipeline {
    const transcodes = input.kind === 'webm' && input.transcode;
    const pipeline: LivePipeline = new LivePipeline(
      streamId,
      source,
      transcodes,
      this.ffmpeg.packageHls(input, dir),
      this.files,
      {
        onSegments: (segments) => this.streams.addSegments(streamId, segments.map(({ sequence, uri, duration }) => ({ sequence, uri, duration }))),
        onFirstSegment: () => {
          this.letGo(streamId);
          void this.live.goLive(streamId, source).catch((e: Error) => this.logger.error(`${streamId} going live: ${e.message}`));
        },
        onStopped: (wentLive) => void this.stopped(pipeline, wentLive),
      },
      (message) => this.logger.warn(input.kind === 'rtmp' ? redactStreamKeys(message, input.url.slice(input.url.lastIndexOf('/') + 1)) : message),
    );
    this.pipelines.set(streamId, pipeline);
    return pipeline;
  }

  /**
   * Holds the stream in the database for this process's publisher, renewing it until `letGo`; why not, when another
   * holds it or every process's transcodes are taken.
   */
  private async hold(streamId: string, transcode: boolean): Promise<'busy' | 'transcodes_full' | undefined> {
    const held = await this.streams.holdPublisher(streamId, HOLD_SECONDS, transcode ? this.config.live.maxTranscodes : undefined);
    if (typeof held === 'string') return held;
    const { until } = held;
    const renewal = setInterval(() => void this.renewHold(streamId), (HOLD_SECONDS * 1000) / 3);
    renewal.unref();
    this.holds.set(streamId, { until, renewal });
    return undefined;
  }

  private async renewHold(streamId: string): Promise<void> {
    const hold = this.holds.get(streamId);
    if (!hold) return;
    try {
      const until = await this.streams.renewPublisher(streamId, hold.until, HOLD_SECONDS);
      // Gone: the stream went live or was stopped meanwhile; the hold means nothing any more.
      if (until) hold.until = until;
      else this.letGo(streamId, false);
    } catch (e) {
      this.logger.warn(`Renewing the publisher hold of ${streamId} failed: ${(e as Error).message}`);
    }
  }

  /** Stops renewing the hold, and gives it back (unless it is gone already). */
  private letGo(streamId: string, release = true): void {
    const hold = this.holds.get(streamId);
    if (!hold) return;
    clearInterval(hold.renewal);
    this.holds.delete(streamId);
    if (release) void this.streams.releasePublisher(streamId, hold.until).catch((e: Error) => this.logger.warn(`Releasing the publisher hold of ${streamId} failed: ${e.message}`));
  }

  private onRtmp(event: RtmpEvent): void {
    if (event.type === 'refused') {
      this.logger.log(`RTMP publisher ${event.ip} refused: ${event.reason}`);
      return;
    }
    const refusal = this.claim(event.streamId, false);
    if (refusal) {
      this.logger.warn(`RTMP publisher of ${event.streamId} refused: ${refusal}`);
      this.rtmp.release(event.streamId);
      return;
    }
    this.startRtmp(event).catch((e: Error) => {
      this.logger.error(`Packaging ${event.streamId} failed to start: ${e.message}`);
      this.rtmp.release(event.streamId);
    });
  }

  /**
   * The worker admitted the key from the list it was given, which follows `key_added` and `retired` events; one lost
   * (the bus reconnecting) would let an ended stream's key in. So the database decides: only a ready stream publishes.
   */
  private async startRtmp(event: Extract<RtmpEvent, { type: 'publish' }>): Promise<void> {
    const stream = await this.streams.findById(event.streamId).catch((e: Error) => {
      this.unclaim(event.streamId);
      throw e;
    });
    if (stream?.status !== 'ready') {
      this.unclaim(event.streamId);
      this.logger.log(`RTMP publisher ${event.ip} refused: its stream is ${stream ? `${stream.status} already` : 'gone'}`);
      // An ended or deleted stream's key is dropped; a live one keeps its key, it is ending (or being packaged) here.
      if (stream?.status === 'live') this.rtmp.release(event.streamId);
      else this.rtmp.retire(event.streamId);
      return;
    }
    const started = await this.start(event.streamId, 'rtmp', { kind: 'rtmp', url: `rtmp://127.0.0.1:${this.config.live.rtmpPort}/live/${event.key}` });
    if (started === 'busy' || started === 'transcodes_full') {
      this.logger.log(`RTMP publisher ${event.ip} refused: its stream receives video on another server`);
      this.rtmp.release(event.streamId);
    }
  }

  /** The pipeline's video stopped: a stream that went live ends; one that never did may publish again. */
  private async stopped(pipeline: LivePipeline, wentLive: boolean): Promise<void> {
    if (this.pipelines.get(pipeline.streamId) !== pipeline) return;
    this.letGo(pipeline.streamId);
    if (!wentLive) {
      this.pipelines.delete(pipeline.streamId);
      this.rtmp.release(pipeline.streamId);
      await this.files.removeScratch(pipeline.streamId).catch((e: Error) => this.logger.warn(`Removing the scratch of ${pipeline.streamId} failed: ${e.message}`));
      return;
    }
    await this.live.end(pipeline.streamId).catch((e: Error) => this.logger.error(`Ending ${pipeline.streamId} failed: ${e.message}`));
    // The `retired` event finishes it; should the bus be down, finish it here all the same.
    await this.finish(pipeline.streamId);
  }

  /** The stream ended: stop its packaging here, if it is here, and write its replay. */
  private async finish(streamId: string): Promise<void> {
    const pipeline = this.pipelines.get(streamId);
    if (!pipeline) return;
    this.pipelines.delete(streamId);
    this.letGo(streamId);
    try {
      await pipeline.finish();
      await this.live.writeReplay(streamId);
      await this.files.removeScratch(streamId);
    } catch (e) {
      this.logger.error(`Finishing ${streamId} failed: ${(e as Error).message}`);
    }
  }
}
