import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueService } from './catalogue.service';
import { LikesService } from './likes.service';
import { NowPlayingService } from './now-playing.service';
import { RelayService } from './relay/relay.service';
import { UpstreamConnector } from './relay/upstream-connector';
import { RadioController } from './radio.controller';
import { StationLike } from './station-like.entity';
import { Station } from './station.entity';
import { StationsService } from './stations.service';
import { WeeklyStatsService } from './weekly-stats.service';
import { WeeklyTopStation } from './weekly-top-station.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Station, StationLike, WeeklyTopStation])],
  controllers: [RadioController],
  providers: [CatalogueService, StationsService, LikesService, WeeklyStatsService, UpstreamConnector, RelayService, NowPlayingService],
})
export class RadioModule {}
