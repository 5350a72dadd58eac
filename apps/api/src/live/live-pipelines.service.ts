import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Metrics } from '../core/metrics/metrics';
import { EventBus } from '../repositories/event-bus';
import { Ffmpeg, type HlsInput } from '../repositories/ffmpeg';
import { HlsFiles } from '../repositories/hls-files';
import { LiveStreamRepository } from '../repositories/live-stream.repository';
import { isLiveInternal } from './live-events';
import { LIVE_WINDOW, slideWindow } from './hls-playlist';
import { LivePipeline, NEW_STREAM, type PipelineStart } from './live-pipeline';
import { LiveSlots, type Slot } from './live-slots.service';
import type { StreamSource } from '../repositories/schema/live-stream.entity';
import { LiveService } from './live.service';
import { redactStreamKeys } from '../core/security/stream-keys';

/** The ingest gauge's protocol of each input (docs/metrics.md). */
const PROTOCOLS: Record<HlsInput['kind'], string> = { rtmp: 'rtmp', webm: 'websocket', rtp: 'whip' };

/**
 * The streams this process packages (docs/live.md, "Ingest"): in the slot a publisher claimed (LiveSlots), it holds
 * the stream, starts one ffmpeg for it, and turns what the pipeline sees into the stream's state through LiveService.
 * A stream that is over (its `retired` event, a lost hold, or a refused `goLive`: the database says so) has its slot
 * finished, whether its pipeline runs or is still starting. A live stream whose video stops waits for its publisher
 * to come back (docs/live.md, "Reconnecting"), here or to another process, which continues it from the journal.
 */
@Injectable()
export class LivePipelines implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LivePipelines');
  private stopListening?: () => void;
  /** What each pipeline packages (for the ingest gauge's protocol). */
  private readonly inputs = new WeakMap<LivePipeline, HlsInput['kind']>();

  constructor(
    private readonly live: LiveService,
    private readonly slots: LiveSlots,
    private readonly streams: LiveStreamRepository,
    private readonly files: HlsFiles,
    private readonly ffmpeg: Ffmpeg,
    private readonly bus: EventBus,
    private readonly metrics: Metrics,
  ) {
    metrics.liveIngestConnections.read(() => {
      const inputs = this.slots.packaging.map((p) => this.inputs.get(p));
      return (Object.entries(PROTOCOLS) as [HlsInput['kind'], string][]).map(([kind, protocol]) => [{ protocol }, inputs.filter((k) => k === kind).length]);
    });
    metrics.liveTranscodes.read(() => [[{}, this.slots.packaging.filter((p) => p.transcodes).length]]);
  }

  onApplicationBootstrap(): void {
    this.stopListening = this.bus.onEvent((event) => {
      if (isLiveInternal(event)) void this.over(event.data.id);
    });
  }

  /**
   * This process stops: each stream it packages is finished, and one that is live awaits its publisher, whose
   * connection ends with this process, so that it may continue the stream on another process.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    await Promise.all(
      this.slots.packaging.map(async (pipeline) => {
        await pipeline.finish();
        if (!pipeline.wentLive) return;
        await this.live.disconnect(pipeline.streamId, { watch: false }).catch((e: Error) => this.logger.warn(`Leaving ${pipeline.streamId} to its publisher's return failed: ${e.message}`));
        await this.files.removeScratch(pipeline.streamId).catch(() => undefined);
      }),
    );
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
      const from = slot.continues ? await this.continuation(slot.streamId) : NEW_STREAM;
      const dir = await this.files.create(slot.streamId);
      // Checked after the last await: from here to the pipeline being in its slot nothing waits, so an end from now
      // on finds the pipeline.
      if (slot.over) {
        await this.files.removeScratch(slot.streamId);
        return 'ended';
      }
      pipeline = slot.pipeline = this.package(slot, source, input, dir, from);
      this.inputs.set(pipeline, input.kind);
      return pipeline;
    } finally {
      if (!pipeline) this.slots.free(slot);
    }
  }

  /**
   * Where a publisher who came back continues its stream, from the journal (whichever process packaged it before): the
   * viewers' window as it was, and the sequence after its last segment.
   */
  private async continuation(streamId: string): Promise<PipelineStart> {
    const { segments, discontinuitiesBefore } = await this.streams.journalTail(streamId, LIVE_WINDOW);
    const window = slideWindow({ segments: [], discontinuitySequence: discontinuitiesBefore, targetDuration: 1 }, segments);
    return { window, firstSequence: (segments.at(-1)?.sequence ?? -1) + 1, continues: true };
  }

  private package(slot: Slot, source: StreamSource, input: HlsInput, dir: string, from: PipelineStart): LivePipeline {
    const { streamId } = slot;
    const pipeline: LivePipeline = new LivePipeline(
      streamId,
      source,
      slot.transcode,
      this.ffmpeg.packageHls(input, dir),
      this.files,
      {
        onSegments: (segments) =>
          this.streams.addSegments(
            streamId,
            segments.map(({ sequence, uri, duration, discontinuity }) => ({ sequence, uri, duration, discontinuity })),
          ),
        onPublished: (delays) => {
          this.metrics.liveSegmentsPublished.inc(delays.length);
          for (const delay of delays) this.metrics.liveSegmentDelay.observe(delay);
        },
        onFirstSegment: () => {
          this.slots.letGo(streamId);
          void (from.continues ? this.live.reconnected(streamId) : this.live.goLive(streamId, source))
            .then(async (went) => {
              if (!went) await this.over(streamId);
            })
            .catch((e: Error) => this.logger.error(`${streamId} going live: ${e.message}`));
        },
        onStopped: (wentLive) => void this.stopped(slot, wentLive),
      },
      (message) => this.logger.warn(input.kind === 'rtmp' ? redactStreamKeys(message, input.url.slice(input.url.lastIndexOf('/') + 1)) : message),
      from,
    );
    return pipeline;
  }

  /**
   * The pipeline's video stopped. A stream that went live awaits its publisher's return (its scratch goes: everything
   * of it is in the store and the journal), or ends when it is not to wait (its publisher hung up on purpose, or it
   * ended meanwhile); one that never did may publish again (a publisher who came back and sent nothing leaves it
   * awaiting, as it found it).
   */
  private async stopped(slot: Slot, wentLive: boolean): Promise<void> {
    if (this.slots.of(slot.streamId) !== slot) return;
    if (!wentLive) {
      this.slots.free(slot);
      await this.files.removeScratch(slot.streamId).catch((e: Error) => this.logger.warn(`Removing the scratch of ${slot.streamId} failed: ${e.message}`));
      return;
    }
    this.slots.letGo(slot.streamId);
    const awaits =
      !slot.over && !slot.hungUp && (await this.live.disconnect(slot.streamId).catch((e: Error) => void this.logger.error(`Leaving ${slot.streamId} to its publisher's return failed: ${e.message}`)));
    if (awaits) {
      this.slots.free(slot);
      await this.files.removeScratch(slot.streamId).catch((e: Error) => this.logger.warn(`Removing the scratch of ${slot.streamId} failed: ${e.message}`));
      return;
    }
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
