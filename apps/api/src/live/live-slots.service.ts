import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { LiveStreamRepository } from '../repositories/live-stream.repository';
import type { LivePipeline } from './live-pipeline';

/** How long a starting publisher holds its stream in the database; the hold is renewed at a third of it. */
export const HOLD_SECONDS = 15;

/** Why a publisher was not taken, for the browser's close frame. */
export type PublishRefusal = 'busy' | 'full' | 'transcodes_full';

/**
 * A publisher's place in this process, from its claim (before anything is awaited) until its stream's packaging is
 * finished: whatever happens to the stream meanwhile finds it here.
 */
export interface Slot {
  readonly streamId: string;
  readonly transcode: boolean;
  /** Its packaging, once started. */
  pipeline?: LivePipeline;
  /** The stream is over (ended, deleted, or its hold lost) while the slot is taken: what starts in it is finished. */
  over: boolean;
  /** Held for a publisher who came back to a live stream after a dropped connection: its packaging continues it. */
  continues?: boolean;
  /**
   * The publisher ended its publishing on purpose (a browser's socket closed with a close frame): its stream ends at
   * once rather than waiting for it to come back.
   */
  hungUp?: boolean;
  /** The publisher's connection, closed when the slot is given back (an RTMP session). */
  publisher?: { drop(): void };
}

/**
 * The live slots of this process and the database holds of its starting publishers (docs/live.md, "One publisher per
 * stream"): a slot is taken synchronously, so two publishers of one stream, or of the last free slot, cannot both
 * pass here; the hold (`live_streams.publisher_until`, renewed until the first segment) does the same over every
 * process. A hold whose renewal finds the stream no longer ready, or no longer this hold, is lost: the stream ended.
 */
@Injectable()
export class LiveSlots implements OnModuleDestroy {
  private readonly logger = new Logger('LiveSlots');
  private readonly slots = new Map<string, Slot>();
  private readonly holds = new Map<string, { until: string; renewal: NodeJS.Timeout }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: LiveStreamRepository,
  ) {}

  onModuleDestroy(): void {
    for (const streamId of [...this.holds.keys()]) this.letGo(streamId);
  }

  /** The slot of the stream's publisher here, if it has one. */
  of(streamId: string): Slot | undefined {
    return this.slots.get(streamId);
  }

  /** The pipelines running here. */
  get packaging(): LivePipeline[] {
    return [...this.slots.values()].flatMap((slot) => (slot.pipeline ? [slot.pipeline] : []));
  }

  /**
   * Takes a slot for a publisher of `streamId` at once, before anything is awaited; otherwise says why not. A taken
   * slot is given back with `free`.
   */
  claim(streamId: string, transcode: boolean): Slot | PublishRefusal {
    if (this.slots.has(streamId)) return 'busy';
    if (this.slots.size >= this.config.live.maxPublishers) return 'full';
    const transcoding = [...this.slots.values()].filter((s) => s.transcode).length;
    if (transcode && transcoding >= this.config.live.maxTranscodes) return 'transcodes_full';
    const slot: Slot = { streamId, transcode, over: false };
    this.slots.set(streamId, slot);
    return slot;
  }

  /** Gives the slot back: its hold goes (if it still runs) and its publisher is dropped. */
  free(slot: Slot): void {
    if (this.slots.get(slot.streamId) !== slot) return;
    this.slots.delete(slot.streamId);
    this.letGo(slot.streamId);
    slot.publisher?.drop();
  }

  /**
   * Holds the slot's stream in the database for its publisher, renewing it until `letGo`; why not, when the stream is
   * neither ready nor live awaiting its publisher's return, another holds it, or every process's transcodes are taken.
   * `lost` is called should a renewal find the hold gone (the stream ended or was deleted meanwhile).
   */
  async hold(slot: Slot, lost: () => void): Promise<'busy' | 'transcodes_full' | undefined> {
    const held = await this.streams.holdPublisher(slot.streamId, HOLD_SECONDS, this.config.live.reconnectSeconds, slot.transcode ? this.config.live.maxTranscodes : undefined);
    if (typeof held === 'string') return held;
    slot.continues = held.continues;
    const hold = { until: held.until, renewal: setInterval(() => void this.renew(slot.streamId, hold, lost), (HOLD_SECONDS * 1000) / 3) };
    hold.renewal.unref();
    this.holds.set(slot.streamId, hold);
    return undefined;
  }

  /** Stops renewing the hold and gives it back (the stream went live, or its publisher is done). */
  letGo(streamId: string): void {
    const hold = this.holds.get(streamId);
    if (!hold) return;
    this.forget(streamId);
    void this.streams.releasePublisher(streamId, hold.until).catch((e: Error) => this.logger.warn(`Releasing the publisher hold of ${streamId} failed: ${e.message}`));
  }

  private async renew(streamId: string, hold: { until: string }, lost: () => void): Promise<void> {
    try {
      const until = await this.streams.renewPublisher(streamId, hold.until, HOLD_SECONDS);
      // Let go meanwhile (the stream went live here): the answer is about a hold that is over.
      if (this.holds.get(streamId) !== hold) return;
      if (until) return void (hold.until = until);
      this.forget(streamId);
      lost();
    } catch (e) {
      this.logger.warn(`Renewing the publisher hold of ${streamId} failed: ${(e as Error).message}`);
    }
  }

  private forget(streamId: string): void {
    clearInterval(this.holds.get(streamId)?.renewal);
    this.holds.delete(streamId);
  }
}
