import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CatalogueService } from './catalogue.service';
import { LikesService } from './likes.service';
import { NowPlayingService } from './now-playing.service';
import { RelayPresenceService } from './relay/relay-presence.service';
import { RadioPass } from './relay/radio-pass';
import { RelayAccess } from './relay/relay-access';
import { RelayService } from './relay/relay.service';
import { RadioController } from './radio.controller';
import { StationsService } from './stations.service';
import { TracksController } from './tracks.controller';
import { TracksService } from './tracks.service';
import { WeeklyStatsService } from './weekly-stats.service';

@Module({
  imports: [WebhooksModule, BillingModule],
  controllers: [RadioController, TracksController],
  providers: [CatalogueService, StationsService, LikesService, WeeklyStatsService, RelayService, RelayPresenceService, RelayAccess, RadioPass, NowPlayingService, TracksService],
  exports: [StationsService, NowPlayingService, WeeklyStatsService, TracksService],
})
export class RadioModule {}
