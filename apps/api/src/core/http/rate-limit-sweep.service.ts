import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RateLimitStore } from '../../repositories/rate-limit-store';
import { ScheduledJobs } from '../metrics/scheduled-jobs';

/** Keeps the shared rate-limit tables small: ended windows and full buckets limit nobody. Any process may run it. */
@Injectable()
export class RateLimitSweep {
  constructor(
    private readonly store: RateLimitStore,
    private readonly scheduled: ScheduledJobs,
  ) {}

  @Cron(CronExpression.EVERY_10_MINUTES)
  async run(): Promise<void> {
    await this.scheduled.run('rate-limit-sweep', 600, () => this.store.sweep());
  }
}
