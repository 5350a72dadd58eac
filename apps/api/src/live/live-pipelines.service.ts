import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import path from 'node:path';
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
  private stopListening?: () => void;

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
      { port: this.config.live.rtmpPort, storePath: path.join(this.files.root, '.rtmp') },
      () => this.streams.publishableKeys(),
      (event) => this.onRtmp(event),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    await Promise.all([...this.pipelines.values()].map((p) => p.finish()));
  }

  get count(): number {
    return this.pipelines.size;
  }

  /** Whether a publisher for `streamId` may start here now, and if not, why. */
  refusal(streamId: string, transcode: boolean): PublishRefusal | undefined {
    if (this.pipelines.has(streamId)) return 'busy';
    if (this.pipelines.size >= this.config.live.maxPublishers) return 'full';
    if (transcode && [...this.pipelines.values()].filter((p) => p.transcodes).length >= this.config.live.maxTranscodes) return 'transcodes_full';
    return undefined;
  }

  /** Starts packaging; the caller checked `refusal` first. */
  async start(streamId: string, source: StreamSource, input: HlsInput): Promise<LivePipeline> {
    const dir = await this.files.create(streamId);
    const transcodes = input.kind === 'webm' && input.transcode;
    const pipeline: LivePipeline = new LivePipeline(
      streamId,
      source,
      transcodes,
      this.ffmpeg.packageHls(input, dir),
      this.files,
      {
        onFirstSegment: () => void this.live.goLive(streamId, source).catch((e: Error) => this.logger.error(`${streamId} going live: ${e.message}`)),
        onStopped: (wentLive) => void this.stopped(pipeline, wentLive),
      },
      (message) => this.logger.warn(message),
    );
    this.pipelines.set(streamId, pipeline);
    return pipeline;
  }

  private onRtmp(event: RtmpEvent): void {
    if (event.type === 'refused') {
      this.logger.log(`RTMP publisher ${event.ip} refused: ${event.reason}`);
      return;
    }
    const refusal = this.refusal(event.streamId, false);
    if (refusal) {
      this.logger.warn(`RTMP publisher of ${event.streamId} refused: ${refusal}`);
      this.rtmp.release(event.streamId);
      return;
    }
    void this.start(event.streamId, 'rtmp', { kind: 'rtmp', url: `rtmp://127.0.0.1:${this.config.live.rtmpPort}/live/${event.key}` }).catch((e: Error) => {
      this.logger.error(`Packaging ${event.streamId} failed to start: ${e.message}`);
      this.rtmp.release(event.streamId);
    });
  }

  /** The pipeline's video stopped: a stream that went live ends; one that never did may publish again. */
  private async stopped(pipeline: LivePipeline, wentLive: boolean): Promise<void> {
    if (this.pipelines.get(pipeline.streamId) !== pipeline) return;
    if (!wentLive) {
      this.pipelines.delete(pipeline.streamId);
      this.rtmp.release(pipeline.streamId);
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
    try {
      await pipeline.finish();
      await this.live.writeReplay(streamId);
    } catch (e) {
      this.logger.error(`Finishing ${streamId} failed: ${(e as Error).message}`);
    }
  }
}
