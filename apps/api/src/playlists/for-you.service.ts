import { Injectable } from '@nestjs/common';
import { EntitlementsService } from '../billing/entitlements.service';
import type { ForYouDto } from '../radio/track.dto';
import { TracksService } from '../radio/tracks.service';
import { LikeRepository } from '../repositories/like.repository';
import { PlaylistRepository } from '../repositories/playlist.repository';
import { type SeedArtist, TrackRepository } from '../repositories/track.repository';
import { premiumRequired } from '../core/http/plan-required';

/** Seed artists at most: enough to describe a taste, few enough that one favourite is not drowned out. */
const MAX_SEEDS = 10;
/** How far back the liked stations' plays count: what they play now, not what they played once. */
const RECENT_DAYS = 30;

/**
 * "Dla Ciebie" (a paid plan's benefit): the account's own taste as seed artists (the tracks it keeps in playlists,
 * then what the stations it likes or keeps in playlists have been playing), handed to the recommendation the public
 * /recommendations gives, with the stations that play each track so it can be listened to. Listening itself is not
 * recorded, so likes and playlists are what the account's taste is read from.
 */
@Injectable()
export class ForYouService {
  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly likes: LikeRepository,
    private readonly playlists: PlaylistRepository,
    private readonly trackRows: TrackRepository,
    private readonly tracks: TracksService,
  ) {}

  async forYou(userId: string, limit = 12): Promise<ForYouDto> {
    const limits = await this.entitlements.limitsOf(userId);
    if (!limits.recommendations) throw premiumRequired('Recommendations ("Dla Ciebie") need the Premium or Ultra plan');
    const seeds = await this.seedsOf(userId);
    if (!seeds.length) return { seedArtists: [], tracks: [] };
    const { tracks } = await this.tracks.recommend(seeds, limit);
    const stations = await this.trackRows.stationsPlaying(tracks.map((t) => t.id));
    return { seedArtists: seeds, tracks: tracks.map((track) => ({ ...track, stationIds: stations.get(track.id) ?? [] })) };
  }

  private async seedsOf(userId: string): Promise<string[]> {
    const [liked, listening] = await Promise.all([this.likes.stationIdsLikedBy(userId), this.playlists.listeningOf(userId, MAX_SEEDS)]);
    const stationIds = [...new Set([...liked, ...listening.stationIds])];
    const fromStations = await this.trackRows.artistsPlayedOn(stationIds, RECENT_DAYS, MAX_SEEDS);
    const seeds = new Map<string, SeedArtist>();
    for (const seed of [...listening.artists, ...fromStations]) if (!seeds.has(seed.artistKey)) seeds.set(seed.artistKey, seed);
    return [...seeds.values()].slice(0, MAX_SEEDS).map((seed) => seed.artist);
  }
}
