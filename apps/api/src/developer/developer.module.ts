import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ApiKeyAccess } from './api-key-access.service';
import { ApiKeyFailures } from './api-key-failures';
import { ApiKeysService } from './api-keys.service';
import { ApiLimits } from './api-limits';
import { ApiPlansService } from './api-plans.service';
import { DeveloperController } from './developer.controller';

/** The developer platform: API keys, the API plans and their limits (docs/developer-api.md). */
@Module({
  imports: [BillingModule],
  controllers: [DeveloperController],
  providers: [ApiKeysService, ApiPlansService, ApiLimits, ApiKeyFailures, ApiKeyAccess],
  exports: [ApiPlansService, ApiLimits, ApiKeyFailures, ApiKeyAccess],
})
export class DeveloperModule {}
