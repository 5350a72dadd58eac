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
import { LiveWebRtc } from './live-webrtc.service';
import { WebRtcController } from './webrtc.controller';
import { WebRtcForwarder } from './webrtc-forwarder';

/** Live streams: creating them, RTMP, WHIP and browser ingest packaged as HLS by ffmpeg, WebRTC (WHEP) and HLS playback, replays (docs/live.md). */
@Module({
  imports: [WebhooksModule, BillingModule],
  controllers: [LiveController, HlsController, WebRtcController],
  providers: [LiveService, LiveAccess, LiveViewers, LiveSlots, LivePipelines, RtmpAdmission, LiveMaintenance, LiveIngestGateway, LiveWebRtc, WebRtcForwarder],
  exports: [LiveService],
})
export class LiveModule {}
