import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { DataRightsController } from './data-rights.controller';
import { DataRightsService } from './data-rights.service';

/** An account's data rights (docs/developer-api.md, "Data rights"): its export, and its deletion with what it ends. */
@Module({
  imports: [BillingModule],
  controllers: [DataRightsController],
  providers: [DataRightsService],
})
export class PrivacyModule {}
