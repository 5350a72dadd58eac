import { Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { foldText } from '@grouarock/i18n';
import { WebhookOutbox } from '../webhooks/webhook-outbox.service';
import { TrackRepository, type TrackRow } from '../repositories/track.repository';
import { RelayService } from './relay/relay.service';
import { StationsService } from './stations.service';
import type { RecommendationsDto, TrackDetailDto, TrackDto } from './track.dto';

export function toTrackDto(row: TrackRow): TrackDto {
  return {
    id: row.id,
    artist: row.artist,
    title: row.title,
    album: row.album,
    duration: row.duration,
    genre: row.genre,
    playCount: row.playCount,
    lastPlayedAt: row.lastPlayedAt.toISOString(),
  };
}

/** Folded text, spaces collapsed: the form tracks are matched and deduplicated in. */
export function trackKey(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/**
 * The tracks the stations really play: every artist and title a relay reads from a stream's metadata is recorded with
 * its station and time (titles without an artist are station names, jingles and shows, and are not tracks). Search
 * and recommendations read them.
 */
@Injectable()
export class TracksService implements OnModuleInit {
  private readonly logger = new Logger('Tracks');

  constructor(
    private readonly tracks: TrackRepository,
    private readonly relay: RelayService,
    private readonly stations: StationsService,
    private readonly outbox: WebhookOutbox,
  ) {}

  onModuleInit(): void {
    this.relay.onTitle((stationId, title) => {
      if (!title.artist?.trim() || !title.title.trim()) return;
      this.record(stationId, title.artist.trim().slice(0, 200), title.title.trim().slice(0, 300)).catch((e: Error) =>
        this.logger.warn(`Recording a play of ${stationId} failed: ${e.message}`),
      );
    });
  }

  /**
   * Records a play; a new one (not the same title again within 15 min) goes to the `now_playing` webhooks, once however
   * many processes relay the station (the realtime `now_playing` is every process's, for its own listeners).
   */
  async record(stationId: string, artist: string, title: string): Promise<boolean> {
    const station = await this.stations.require(stationId);
    const played = await this.tracks.recordPlay({
      stationId,
      artist,
      title,
      key: `${trackKey(artist)} - ${trackKey(title)}`.slice(0, 520),
      artistKey: trackKey(artist),
      genre: station.genres[0] ?? null,
    });
    if (played) await this.outbox.publish('now_playing', { stationId, artist, title, trackId: played.trackId, playedAt: played.playedAt.toISOString() }, null);
    return played !== undefined;
  }

  async search(q: string, limit = 20): Promise<TrackDto[]> {
    return (await this.tracks.search(trackKey(q), limit)).map(toTrackDto);
  }

  async get(id: string): Promise<TrackDetailDto> {
    const [row] = await this.tracks.byIds([id]);
    if (!row) throw new NotFoundException({ message: 'No such track', code: 'track_not_found' });
    const plays = await this.tracks.playsOf(id, 20);
    return { ...toTrackDto(row), firstPlayedAt: row.firstPlayedAt.toISOString(), plays: plays.map((p) => ({ stationId: p.stationId, playedAt: p.playedAt.toISOString() })) };
  }

  async recommend(seedArtists: readonly string[], limit = 10): Promise<RecommendationsDto> {
    const keys = [...new Set(seedArtists.map(trackKey))];
    const [known, rows] = await Promise.all([this.tracks.knownArtists(keys), this.tracks.recommend(keys, limit)]);
    return { seedArtists: [...seedArtists], knownSeeds: known.length, tracks: rows.map(toTrackDto) };
  }
}
