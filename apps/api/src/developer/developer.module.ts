import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ApiKeysService } from './api-keys.service';
import { ApiLimits } from './api-limits';
import { ApiPlansService } from './api-plans.service';
import { DeveloperController } from './developer.controller';
import { RateLimitSweep } from './rate-limit-sweep.service';

/** The developer platform: API keys, API plans and their limits (docs/developer-api.md). */
@Module({
  imports: [BillingModule],
  controllers: [DeveloperController],
  providers: [ApiKeysService, ApiPlansService, ApiLimits, RateLimitSweep],
  exports: [ApiPlansService, ApiLimits],
})
export class DeveloperModule {}
