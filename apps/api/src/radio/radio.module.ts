import { Module } from '@nestjs/common';
import { CatalogueService } from './catalogue.service';
import { LikesService } from './likes.service';
import { NowPlayingService } from './now-playing.service';
import { RelayService } from './relay/relay.service';
import { RadioController } from './radio.controller';
import { StationsService } from './stations.service';
import { WeeklyStatsService } from './weekly-stats.service';

@Module({
  controllers: [RadioController],
  providers: [CatalogueService, StationsService, LikesService, WeeklyStatsService, RelayService, NowPlayingService],
  exports: [StationsService, NowPlayingService, WeeklyStatsService],
})
export class RadioModule {}
