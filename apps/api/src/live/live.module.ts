import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { HlsController } from './hls.controller';
import { LiveAccess } from './live-access.service';
import { LiveIngestGateway } from './live-ingest.gateway';
import { LiveMaintenance } from './live-maintenance.service';
import { LivePipelines } from './live-pipelines.service';
import { LiveSlots } from './live-slots.service';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { LiveViewers } from './live-viewers.service';
import { RtmpAdmission } from './rtmp-admission.service';

/** Live streams: creating them, RTMP and browser ingest packaged as HLS by ffmpeg, playback, replays (docs/live.md). */
@Module({
  imports: [WebhooksModule, BillingModule],
  controllers: [LiveController, HlsController],
  providers: [LiveService, LiveAccess, LiveViewers, LiveSlots, LivePipelines, RtmpAdmission, LiveMaintenance, LiveIngestGateway],
  exports: [LiveService],
})
export class LiveModule {}
