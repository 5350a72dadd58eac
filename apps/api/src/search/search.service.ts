import { Injectable } from '@nestjs/common';
import { foldText } from '@grouarock/i18n';
import { EventsService } from '../events/events.service';
import { PlaylistsService } from '../playlists/playlists.service';
import { StationsService } from '../radio/stations.service';
import { TracksService } from '../radio/tracks.service';
import type { SearchResultDto, SearchType } from './search.dto';

/** The spec's `GET /search?q=&type=`: stations, tracks the relays heard, upcoming events and public playlists. */
@Injectable()
export class SearchService {
  constructor(
    private readonly stations: StationsService,
    private readonly tracks: TracksService,
    private readonly events: EventsService,
    private readonly playlists: PlaylistsService,
  ) {}

  async search(q: string, type?: SearchType): Promise<SearchResultDto> {
    const wants = (kind: SearchType) => !type || type === kind;
    const needle = foldText(q);
    const [stations, tracks, events, playlists] = await Promise.all([
      wants('station') ? this.stations.list({ q }) : [],
      wants('track') ? this.tracks.search(q) : [],
      wants('event') ? this.events.upcoming().then((all) => all.filter((e) => foldText([e.title, e.artist, e.venue, e.location, e.category].join(' ')).includes(needle))) : [],
      wants('playlist') ? this.playlists.searchPublic(q) : [],
    ]);
    return { stations, tracks, events, playlists };
  }
}
