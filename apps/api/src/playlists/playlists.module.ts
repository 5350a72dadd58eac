import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { RadioModule } from '../radio/radio.module';
import { PlaylistsController } from './playlists.controller';
import { PlaylistsService } from './playlists.service';

/** Users' playlists of stations and tracks (the spec's documented /user/playlists). */
@Module({
  imports: [RadioModule, BillingModule],
  controllers: [PlaylistsController],
  providers: [PlaylistsService],
  exports: [PlaylistsService],
})
export class PlaylistsModule {}
