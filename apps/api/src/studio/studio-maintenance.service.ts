import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DatabaseRepository } from '../repositories/database.repository';
import { AdvisoryLock } from '../repositories/locks';
import { MediaStorage, type StoredEntry } from '../repositories/media-storage';
import { StudioRepository } from '../repositories/studio.repository';
import { ScheduledJobs } from '../core/metrics/scheduled-jobs';

/** A generation still queued or running after this long has lost its job (its retries died with their processes). */
const STALE_MINUTES = 15;
/** A file younger than this is left alone by the orphan sweep, whatever the rows say (clocks of store and API may differ). */
const ORPHAN_AGE_MS = 3_600_000;
/** Files looked up in one query. */
const SWEEP_BATCH = 500;
/** studio/<generation id>/<file>: the only keys the studio writes. */
const STUDIO_KEY = /^studio\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/;

/**
 * On one API process (advisory lock `studioMaintenance`): every minute, generations whose jobs are gone fail, which
 * gives the user's quota unit back; every hour, files no row points to are removed from the media store.
 */
@Injectable()
export class StudioMaintenance {
  private readonly logger = new Logger('StudioMaintenance');

  constructor(
    private readonly database: DatabaseRepository,
    private readonly generations: StudioRepository,
    private readonly storage: MediaStorage,
    private readonly scheduled: ScheduledJobs,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'studio-maintenance' })
  async run(): Promise<void> {
    await this.scheduled.run('studio-maintenance', 60, () => this.database.unlessRunningElsewhere(AdvisoryLock.studioMaintenance, () => this.failStale()));
  }

  /** Hourly, half a minute past the every-minute run, so the two do not meet on the one lock. */
  @Cron('30 17 * * * *', { name: 'studio-orphan-sweep' })
  async sweep(): Promise<void> {
    await this.scheduled.run('studio-orphan-sweep', 3600, () =>
      this.database.unlessRunningElsewhere(AdvisoryLock.studioMaintenance, async () => {
        const removed = await this.sweepOrphans(new Date());
        if (removed) this.logger.log(`Removed ${removed} studio file(s) no track points to`);
      }),
    );
  }

  async failStale(): Promise<void> {
    for (const { id } of await this.generations.stale(STALE_MINUTES)) {
      if (await this.generations.fail(id, 'timed_out', 'The generation took too long and was stopped')) this.logger.warn(`Generation ${id} timed out`);
    }
  }

  /**
   * Removes the studio's files that no row points to and that are older than an hour: those of generations that are
   * gone (account erasure) or failed, and of deleted tracks, whose removal did not happen (a store that did not
   * answer, a process that died between its upload and its row). A generation being made keeps all its files: its
   * job writes them before its tracks' rows. Returns how many were removed.
   */
  async sweepOrphans(now = new Date()): Promise<number> {
    const before = now.getTime() - ORPHAN_AGE_MS;
    let removed = 0;
    let batch: StoredEntry[] = [];
    const flush = async () => {
      removed += await this.removeOrphans(batch);
      batch = [];
    };
    for await (const entry of this.storage.list('studio')) {
      if (entry.lastModified.getTime() >= before || !STUDIO_KEY.test(entry.key)) continue;
      batch.push(entry);
      if (batch.length === SWEEP_BATCH) await flush();
    }
    await flush();
    return removed;
  }

  /** The orphans among old files: one query for their generations, then one removal each. */
  private async removeOrphans(entries: StoredEntry[]): Promise<number> {
    if (!entries.length) return 0;
    const generationOf = (key: string) => STUDIO_KEY.exec(key)![1];
    const owners = new Map((await this.generations.mediaOwners([...new Set(entries.map((e) => generationOf(e.key)))])).map((o) => [o.id, o]));
    let removed = 0;
    for (const { key } of entries) {
      const owner = owners.get(generationOf(key));
      if (owner && (owner.inFlight || owner.keys.includes(key))) continue;
      await this.storage.remove(key);
      removed++;
    }
    return removed;
  }
}
