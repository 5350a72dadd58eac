import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { DatabaseRepository } from '../repositories/database.repository';
import { HlsFiles } from '../repositories/hls-files';
import { LiveStreamRepository } from '../repositories/live-stream.repository';
import { AdvisoryLock } from '../repositories/locks';
import { LiveService } from './live.service';

/** A live stream without a new segment for this long has lost the process that packaged it. */
const ORPHAN_MS = 60_000;
/** An ended stream without its replay this long after it ended gets it from the sweep. */
const REPLAY_GRACE_MS = 120_000;
/** Files of no stream older than this are left from a crash. */
const ORPHAN_FILES_MS = 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Once a minute, in one API process: ends live streams whose packaging process went away (and writes their replay
 * from the journal), ends those whose publisher dropped and did not come back within LIVE_RECONNECT_SECONDS (should
 * the process that saw it drop be gone), writes the replays their enders could not, stops streams live for LIVE_MAX_HOURS (as their
 * owner would, so one user cannot fill the disk), drops streams nobody published within LIVE_READY_MINUTES (a ready
 * stream holds a slot of LIVE_MAX_PUBLISHERS), and removes replays older than LIVE_RETENTION_DAYS.
 */
@Injectable()
export class LiveMaintenance {
  private readonly logger = new Logger('LiveMaintenance');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly live: LiveService,
    private readonly streams: LiveStreamRepository,
    private readonly files: HlsFiles,
    private readonly database: DatabaseRepository,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE)
  async run(now = new Date()): Promise<void> {
    await this.database
      .unlessRunningElsewhere(AdvisoryLock.liveMaintenance, async () => {
        // The journal's time is in the database, so a process that never packaged the stream judges it rightly.
        for (const id of await this.streams.orphanedLiveIds(new Date(now.getTime() - ORPHAN_MS))) {
          await this.live.end(id);
          await this.live.writeReplay(id);
        }
        for (const id of await this.streams.unresumedIds(new Date(now.getTime() - this.config.live.reconnectSeconds * 1000))) await this.live.endUnresumed(id, now);
        // A replay its ender could not write (the store away, or the process gone): written once its packager has
        // surely finished with it.
        for (const id of await this.streams.endedWithoutReplayIds(new Date(now.getTime() - REPLAY_GRACE_MS))) {
          await this.live.writeReplay(id).catch((e: Error) => this.logger.warn(`Writing the replay of ${id} failed: ${e.message}`));
        }
        for (const id of await this.streams.startedBeforeIds(new Date(now.getTime() - this.config.live.maxHours * 3600_000))) await this.live.end(id);
        for (const id of await this.streams.staleReadyIds(new Date(now.getTime() - this.config.live.readyMinutes * 60_000))) await this.live.end(id);
        for (const id of await this.streams.expiredReplayIds(new Date(now.getTime() - this.config.live.retentionDays * 86_400_000))) await this.live.deleteReplay(id);
      })
      .catch((e: Error) => this.logger.warn(`Live maintenance failed: ${e.message}`));
  }

  /**
   * Once an hour, in one API process: removes the files of streams that no longer exist (a crash between deleting a
   * stream and its files, or a store that did not answer then). Files younger than an hour are left: a stream's
   * first segment may reach the store a moment before anything else is known of it.
   */
  @Cron(CronExpression.EVERY_HOUR)
  async sweepFiles(now = new Date()): Promise<void> {
    await this.database
      .unlessRunningElsewhere(AdvisoryLock.liveFileSweep, async () => {
        const newest = new Map<string, number>();
        for await (const { key, lastModified } of this.files.listAll()) {
          const id = key.split('/')[1];
          newest.set(id, Math.max(newest.get(id) ?? 0, lastModified.getTime()));
        }
        const ids = [...newest.keys()].filter((id) => UUID.test(id));
        const existing = await this.streams.existingIds(ids);
        for (const id of ids) {
          if (!existing.has(id) && now.getTime() - newest.get(id)! > ORPHAN_FILES_MS) await this.files.remove(id);
        }
      })
      .catch((e: Error) => this.logger.warn(`Sweeping live files failed: ${e.message}`));
  }
}
