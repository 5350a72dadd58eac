import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { PlaylistsModule } from '../playlists/playlists.module';
import { RadioModule } from '../radio/radio.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** One search over the product's domains. */
@Module({
  imports: [RadioModule, EventsModule, PlaylistsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
