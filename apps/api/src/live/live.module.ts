import { Module } from '@nestjs/common';
import { DeveloperModule } from '../developer/developer.module';
import { HlsController } from './hls.controller';
import { LiveIngestGateway } from './live-ingest.gateway';
import { LiveMaintenance } from './live-maintenance.service';
import { LivePipelines } from './live-pipelines.service';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { LiveViewers } from './live-viewers.service';

/** Live streams: creating them, RTMP and browser ingest packaged as HLS by ffmpeg, playback, replays (docs/live.md). */
@Module({
  imports: [DeveloperModule],
  controllers: [LiveController, HlsController],
  providers: [LiveService, LiveViewers, LivePipelines, LiveMaintenance, LiveIngestGateway],
  exports: [LiveService],
})
export class LiveModule {}
