import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '../repositories/event-bus';
import { Ffmpeg, type HlsInput } from '../repositories/ffmpeg';
import { HlsFiles } from '../repositories/hls-files';
import { LiveStreamRepository } from '../repositories/live-stream.repository';
import { isLiveInternal } from './live-events';
import { LivePipeline } from './live-pipeline';
import { LiveSlots, type Slot } from './live-slots.service';
import type { StreamSource } from '../repositories/schema/live-stream.entity';
import { LiveService } from './live.service';
import { redactStreamKeys } from '../core/security/stream-keys';

/**
 * The streams this process packages (docs/live.md, "Ingest"): in the slot a publisher claimed (LiveSlots), it holds
 * the stream, starts one ffmpeg for it, and turns what the pipeline sees into the stream's state through LiveService.
 * A stream that is over (its `retired` event, a lost hold, or a refused `goLive`: the database says so) has its slot
 * finished, whether its pipeline runs or is still starting.
 */
@Injectable()
export class LivePipelines implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LivePipelines');
  private stopListening?: () => void;

  constructor(
    private readonly live: LiveService,
    private readonly slots: LiveSlots,
    private readonly streams: LiveStreamRepository,
    private readonly files: HlsFiles,
    private readonly ffmpeg: Ffmpeg,
    private readonly bus: EventBus,
  ) {}

  onApplicationBootstrap(): void {
    this.stopListening = this.bus.onEvent((event) => {
      if (isLiveInternal(event)) void this.over(event.data.id);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    await Promise.all(this.slots.packaging.map((p) => p.finish()));
  }

  get count(): number {
    return this.slots.packaging.length;
  }

  /**
   * Starts packaging in the slot `LiveSlots.claim` took; the slot is given back unless a pipeline runs in it. The
   * stream is held in the database first, so a publisher that reached another process at the same moment, or a
   * stream no longer ready, is turned away: 'busy' then. 'ended' when the stream was over before its pipeline
   * started (nothing of it was left running or on disk).
   */
  async start(slot: Slot, source: StreamSource, input: HlsInput): Promise<LivePipeline | 'busy' | 'transcodes_full' | 'ended'> {
    let pipeline: LivePipeline | undefined;
    try {
      const held = await this.slots.hold(slot, () => void this.over(slot.streamId));
      if (held) return held;
      const dir = await this.files.create(slot.streamId);
      // Checked after the last await: from here to the pipeline being in its slot nothing waits, so an end from now
      // on finds the pipeline.
      if (slot.over) {
        await this.files.removeScratch(slot.streamId);
        return 'ended';
      }
      pipeline = slot.pipeline = this.package(slot, source, input, dir);
      return pipeline;
    } finally {
      if (!pipeline) this.slots.free(slot);
    }
  }

  private package(slot: Slot, source: StreamSource, input: HlsInput, dir: string): LivePipeline {
    const { streamId } = slot;
    const pipeline: LivePipeline = new LivePipeline(
      streamId,
      source,
      slot.transcode,
      this.ffmpeg.packageHls(input, dir),
      this.files,
      {
        onSegments: (segments) => this.streams.addSegments(streamId, segments.map(({ sequence, uri, duration }) => ({ sequence, uri, duration }))),
        onFirstSegment: () => {
          this.slots.letGo(streamId);
          void this.live
            .goLive(streamId, source)
            .then(async (went) => {
              if (!went) await this.over(streamId);
            })
            .catch((e: Error) => this.logger.error(`${streamId} going live: ${e.message}`));
        },
        onStopped: (wentLive) => void this.stopped(slot, wentLive),
      },
      (message) => this.logger.warn(input.kind === 'rtmp' ? redactStreamKeys(message, input.url.slice(input.url.lastIndexOf('/') + 1)) : message),
    );
    return pipeline;
  }

  /** The pipeline's video stopped: a stream that went live ends; one that never did may publish again. */
  private async stopped(slot: Slot, wentLive: boolean): Promise<void> {
    if (this.slots.of(slot.streamId) !== slot) return;
    if (!wentLive) {
      this.slots.free(slot);
      await this.files.removeScratch(slot.streamId).catch((e: Error) => this.logger.warn(`Removing the scratch of ${slot.streamId} failed: ${e.message}`));
      return;
    }
    this.slots.letGo(slot.streamId);
    await this.live.end(slot.streamId).catch((e: Error) => this.logger.error(`Ending ${slot.streamId} failed: ${e.message}`));
    // The `retired` event finishes it; should the bus be down, finish it here all the same.
    await this.over(slot.streamId);
  }

  /**
   * The stream is over: a pipeline starting in its slot here is finished as soon as it would start; a running one is
   * stopped and the replay written.
   */
  private async over(streamId: string): Promise<void> {
    const slot = this.slots.of(streamId);
    if (!slot) return;
    slot.over = true;
    const pipeline = slot.pipeline;
    if (!pipeline) return;
    this.slots.free(slot);
    try {
      await pipeline.finish();
      await this.live.writeReplay(streamId);
      await this.files.removeScratch(streamId);
    } catch (e) {
      this.logger.error(`Finishing ${streamId} failed: ${(e as Error).message}`);
    }
  }
}
