import { Module } from '@nestjs/common';
import { type AppConfig, resolveJwtSecret } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { BillingModule } from '../billing/billing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { MediaLinks } from './media-link';
import { StudioJobs } from './studio-jobs.service';
import { StudioMaintenance } from './studio-maintenance.service';
import { StudioController } from './studio.controller';
import { StudioService } from './studio.service';
import { TrackRenderer } from './track-renderer';

/** The AI studio: generations as pg-boss jobs, the built-in generator or a Suno-compatible provider, the library (docs/studio.md). */
@Module({
  imports: [BillingModule, WebhooksModule],
  controllers: [StudioController],
  providers: [
    StudioService,
    StudioJobs,
    StudioMaintenance,
    TrackRenderer,
    { provide: MediaLinks, useFactory: (config: AppConfig) => new MediaLinks(resolveJwtSecret(config), config.studio.mediaLinkSeconds), inject: [APP_CONFIG] },
  ],
})
export class StudioModule {}
