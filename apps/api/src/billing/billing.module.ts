import { Module } from '@nestjs/common';
import { BetaController } from './beta.controller';
import { BillingMails } from './billing-mails';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { EntitlementsController } from './entitlements.controller';
import { EntitlementsService } from './entitlements.service';

/** Plans, Stripe checkout and subscriptions, and the entitlements every plan-dependent feature asks. */
@Module({
  controllers: [BillingController, EntitlementsController, BetaController],
  providers: [BillingService, BillingMails, EntitlementsService],
  exports: [EntitlementsService, BillingService],
})
export class BillingModule {}
