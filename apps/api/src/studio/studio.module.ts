import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { StudioJobs } from './studio-jobs.service';
import { StudioMaintenance } from './studio-maintenance.service';
import { StudioController } from './studio.controller';
import { StudioService } from './studio.service';
import { TrackRenderer } from './track-renderer';

/** The AI studio: generations as pg-boss jobs, the built-in generator or a Suno-compatible provider, the library (docs/studio.md). */
@Module({
  imports: [BillingModule, WebhooksModule],
  controllers: [StudioController],
  providers: [StudioService, StudioJobs, StudioMaintenance, TrackRenderer],
})
export class StudioModule {}
