import { Module } from '@nestjs/common';
import { WebhookDeliveries } from './webhook-deliveries.service';
import { WebhookMails } from './webhook-mails';
import { WebhookOutbox } from './webhook-outbox.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Developers' webhooks (docs/developer-api.md, "Webhooks"): their endpoints, the signed deliveries with retries, and
 * the outbox every other module publishes its events to.
 */
@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveries, WebhookMails, WebhookOutbox],
  exports: [WebhookOutbox],
})
export class WebhooksModule {}
