import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ApiKeyAccess } from './api-key-access';
import { ApiKeyFailures } from './api-key-failures';
import { ApiKeysService } from './api-keys.service';
import { ApiLimits } from './api-limits';
import { ApiPlansService } from './api-plans.service';
import { DataRightsController } from './data-rights.controller';
import { DataRightsService } from './data-rights.service';
import { DeveloperController } from './developer.controller';
import { RateLimitSweep } from './rate-limit-sweep.service';
import { WebhookDeliveries } from './webhook-deliveries.service';
import { WebhookMails } from './webhook-mails';
import { WebhookOutbox } from './webhook-outbox';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** The developer platform: API keys, API plans and their limits, webhooks, data rights (docs/developer-api.md). */
@Module({
  imports: [BillingModule],
  controllers: [DeveloperController, WebhooksController, DataRightsController],
  providers: [ApiKeysService, ApiPlansService, ApiLimits, ApiKeyFailures, ApiKeyAccess, RateLimitSweep, WebhooksService, WebhookDeliveries, WebhookMails, WebhookOutbox, DataRightsService],
  exports: [ApiPlansService, ApiLimits, ApiKeyFailures, ApiKeyAccess, WebhookOutbox],
})
export class DeveloperModule {}
