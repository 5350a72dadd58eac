import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { Metrics } from '../core/metrics/metrics';
import { LiveViewerRepository } from '../repositories/live-viewer.repository';
import { ViewerCounter, type ViewerVisit } from './viewer-counter';

/** A viewer whose player has not reloaded the playlist for this long has gone (players reload about every second). */
const VIEWER_TTL_MS = 5000;
/** How often this process hands its viewers to the others and takes back the count of all. */
const SYNC_MS = 2000;

/**
 * The viewers of every stream over every API process (LIVE_MAX_VIEWERS is a stream's, wherever its players land):
 * counted here as they come, and every two seconds recorded in the database and counted over all processes.
 */
@Injectable()
export class LiveViewers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveViewers');
  private readonly counter: ViewerCounter;
  private timer?: NodeJS.Timeout;
  private syncing = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly viewers: LiveViewerRepository,
    metrics: Metrics,
  ) {
    this.counter = new ViewerCounter(VIEWER_TTL_MS, config.live.maxViewers);
    // This process's own viewers: the cluster's figure is the sum over processes (docs/metrics.md).
    metrics.liveViewers.read(() => [[{}, this.counter.seenHere()]]);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sync(), SYNC_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Records a playlist request; false when it is a new viewer and the stream is full. */
  touch(streamId: string, visit: ViewerVisit): boolean {
    return this.counter.touch(streamId, visit);
  }

  count(streamId: string): number {
    return this.counter.count(streamId);
  }

  forget(streamId: string): void {
    this.counter.forget(streamId);
  }

  /** Hands the viewers seen here since the last sync to the database and takes back every process's counts. */
  async sync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    const now = Date.now();
    try {
      const seen = this.counter.takeTouched();
      const counts = await this.viewers.sync(
        seen.map((s) => ({ streamId: s.streamId, key: s.key, agoMs: now - s.at })),
        VIEWER_TTL_MS / 1000,
      );
      this.counter.setCounts(counts);
    } catch (e) {
      this.counter.syncFailed();
      this.logger.warn(`Counting viewers over every process failed: ${(e as Error).message}`);
    } finally {
      this.syncing = false;
    }
  }
}
