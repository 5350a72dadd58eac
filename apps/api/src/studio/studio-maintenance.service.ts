import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DatabaseRepository } from '../repositories/database.repository';
import { AdvisoryLock } from '../repositories/locks';
import { StudioRepository } from '../repositories/studio.repository';

/** A generation still queued or running after this long has lost its job (its retries died with their processes). */
const STALE_MINUTES = 15;

/** Every minute, on one API process: generations whose jobs are gone fail, which gives the user's quota unit back. */
@Injectable()
export class StudioMaintenance {
  private readonly logger = new Logger('StudioMaintenance');

  constructor(
    private readonly database: DatabaseRepository,
    private readonly generations: StudioRepository,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'studio-maintenance' })
  async run(): Promise<void> {
    await this.database
      .unlessRunningElsewhere(AdvisoryLock.studioMaintenance, () => this.failStale())
      .catch((e: Error) => this.logger.warn(`Studio maintenance failed: ${e.message}`));
  }

  async failStale(): Promise<void> {
    for (const { id } of await this.generations.stale(STALE_MINUTES)) {
      if (await this.generations.fail(id, 'timed_out', 'The generation took too long and was stopped')) this.logger.warn(`Generation ${id} timed out`);
    }
  }
}
