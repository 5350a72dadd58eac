import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RateLimitStore } from '../../repositories/rate-limit-store';

/** Keeps the shared rate-limit tables small: ended windows and full buckets limit nobody. Any process may run it. */
@Injectable()
export class RateLimitSweep {
  private readonly logger = new Logger('RateLimitSweep');

  constructor(private readonly store: RateLimitStore) {}

  @Cron(CronExpression.EVERY_10_MINUTES)
  async run(): Promise<void> {
    await this.store.sweep().catch((e: Error) => this.logger.warn(`Sweeping the rate-limit state failed: ${e.message}`));
  }
}
