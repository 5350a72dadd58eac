import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { containsPattern } from './like-pattern';

export interface TrackRow {
  id: string;
  artist: string;
  title: string;
  album: string | null;
  duration: number | null;
  genre: string | null;
  playCount: number;
  firstPlayedAt: Date;
  lastPlayedAt: Date;
}

export interface PlayedTrack {
  stationId: string;
  artist: string;
  title: string;
  /** Folded "artist - title" and artist (foldText), so spellings that differ only in case and accents are one. */
  key: string;
  artistKey: string;
  genre: string | null;
}

/** An artist to start recommendations from: its folded key, and one spelling of it to show. */
export interface SeedArtist {
  artistKey: string;
  artist: string;
}

const TRACK = `t.id, t.artist, t.title, t.album, t.duration, t.genre, t.play_count AS "playCount", t.first_played_at AS "firstPlayedAt", t.last_played_at AS "lastPlayedAt"`;


/** tracks and track_plays: every title our relays read from the stations, with when and where it played. */
@Injectable()
export class TrackRepository {
  /** A title seen again on the same station within this time is the same play (several API processes relay one station). */
  static readonly samePlayMinutes = 15;

  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Records a play, once per station and track within samePlayMinutes; the new play, or undefined for the same one again. */
  async recordPlay(play: PlayedTrack): Promise<{ trackId: string; playedAt: Date } | undefined> {
    return this.manager.transaction(async (tx) => {
      // One recorder per station at a time, so two processes relaying it record its title once.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`track-play:${play.stationId}`]);
      const [track] = (await tx.query(
        `INSERT INTO tracks (key, artist, artist_key, title, genre) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key RETURNING id`,
        [play.key, play.artist, play.artistKey, play.title, play.genre],
      )) as { id: string }[];
      const [recent] = (await tx.query(
        `SELECT track_id AS "trackId", played_at > now() - make_interval(mins => $2) AS fresh FROM track_plays WHERE station_id = $1 ORDER BY played_at DESC LIMIT 1`,
        [play.stationId, TrackRepository.samePlayMinutes],
      )) as { trackId: string; fresh: boolean }[];
      if (recent?.trackId === track.id && recent.fresh) return undefined;
      const [{ playedAt }] = (await tx.query('INSERT INTO track_plays (track_id, station_id) VALUES ($1, $2) RETURNING played_at AS "playedAt"', [track.id, play.stationId])) as { playedAt: Date }[];
      await tx.query('UPDATE tracks SET play_count = play_count + 1, last_played_at = now() WHERE id = $1', [track.id]);
      return { trackId: track.id, playedAt };
    });
  }

  /** Tracks whose folded "artist - title" contains the folded query, the most played first. */
  async search(folded: string, limit: number): Promise<TrackRow[]> {
    return (await this.manager.query(`SELECT ${TRACK} FROM tracks t WHERE t.key LIKE $1 ESCAPE '\\' ORDER BY t.play_count DESC, t.last_played_at DESC, t.id LIMIT $2`, [
      containsPattern(folded),
      limit,
    ])) as TrackRow[];
  }

  async byIds(ids: readonly string[]): Promise<TrackRow[]> {
    if (!ids.length) return [];
    return (await this.manager.query(`SELECT ${TRACK} FROM tracks t WHERE t.id = ANY($1::uuid[])`, [ids])) as TrackRow[];
  }

  /**
   * Tracks by other artists that the stations playing the seed artists play too: each play on such a station scores
   * as many points as the station played the seeds. The stations' taste stands in for listeners' (we keep no
   * listening history), so the answer is "what radio that plays X also plays".
   */
  async recommend(seedArtistKeys: readonly string[], limit: number): Promise<(TrackRow & { score: number })[]> {
    return (await this.manager.query(
      `WITH seeds AS (
         SELECT p.station_id, count(*) AS weight FROM track_plays p JOIN tracks t ON t.id = p.track_id
         WHERE t.artist_key = ANY($1::text[]) GROUP BY p.station_id
       )
       SELECT ${TRACK}, sum(s.weight)::int AS score
       FROM track_plays p JOIN seeds s ON s.station_id = p.station_id JOIN tracks t ON t.id = p.track_id
       WHERE t.artist_key <> ALL($1::text[])
       GROUP BY t.id ORDER BY score DESC, t.play_count DESC, t.last_played_at DESC, t.id LIMIT $2`,
      [seedArtistKeys, limit],
    )) as (TrackRow & { score: number })[];
  }

  /** The artists these stations played most in the last `days` days, the most played first (an artist's folded key, and a spelling of it). */
  async artistsPlayedOn(stationIds: readonly string[], days: number, limit: number): Promise<SeedArtist[]> {
    if (!stationIds.length) return [];
    return (await this.manager.query(
      `SELECT t.artist_key AS "artistKey", min(t.artist) AS artist FROM track_plays p JOIN tracks t ON t.id = p.track_id
       WHERE p.station_id = ANY($1::varchar[]) AND p.played_at > now() - make_interval(days => $2)
       GROUP BY t.artist_key ORDER BY count(*) DESC, max(p.played_at) DESC, t.artist_key LIMIT $3`,
      [stationIds, days, limit],
    )) as SeedArtist[];
  }

  /** For each track, the stations that played it, the most recent play first. */
  async stationsPlaying(trackIds: readonly string[]): Promise<Map<string, string[]>> {
    const byTrack = new Map<string, string[]>(trackIds.map((id) => [id, []]));
    if (!trackIds.length) return byTrack;
    const rows = (await this.manager.query(
      `SELECT track_id AS "trackId", station_id AS "stationId" FROM track_plays WHERE track_id = ANY($1::uuid[])
       GROUP BY track_id, station_id ORDER BY max(played_at) DESC, station_id`,
      [trackIds],
    )) as { trackId: string; stationId: string }[];
    for (const row of rows) byTrack.get(row.trackId)?.push(row.stationId);
    return byTrack;
  }

  /** Which of these folded artists our relays have heard. */
  async knownArtists(artistKeys: readonly string[]): Promise<string[]> {
    const rows = (await this.manager.query('SELECT DISTINCT artist_key AS "artistKey" FROM tracks WHERE artist_key = ANY($1::text[])', [artistKeys])) as { artistKey: string }[];
    return rows.map((row) => row.artistKey);
  }

  /** The stations that played a track, the most recent play first, with when. */
  async playsOf(trackId: string, limit: number): Promise<{ stationId: string; playedAt: Date }[]> {
    return (await this.manager.query(`SELECT station_id AS "stationId", played_at AS "playedAt" FROM track_plays WHERE track_id = $1 ORDER BY played_at DESC LIMIT $2`, [
      trackId,
      limit,
    ])) as { stationId: string; playedAt: Date }[];
  }
}
