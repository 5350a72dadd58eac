import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { RadioModule } from '../radio/radio.module';
import { ForYouController } from './for-you.controller';
import { ForYouService } from './for-you.service';
import { PlaylistsController } from './playlists.controller';
import { PlaylistsService } from './playlists.service';

/** Users' playlists of stations and tracks (the spec's documented /user/playlists), and the recommendations read from them and the account's likes. */
@Module({
  imports: [RadioModule, BillingModule],
  controllers: [PlaylistsController, ForYouController],
  providers: [PlaylistsService, ForYouService],
  exports: [PlaylistsService],
})
export class PlaylistsModule {}
