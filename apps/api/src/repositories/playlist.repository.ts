import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { containsPattern } from './like-pattern';
import type { SeedArtist } from './track.repository';

export interface PlaylistRow {
  id: string;
  userId: string;
  ownerName: string | null;
  name: string;
  description: string | null;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  trackCount: number;
  stationCount: number;
  /** Seconds of the tracks whose duration is known. */
  duration: number;
}

export interface PlaylistFields {
  name: string;
  description: string | null;
  isPublic: boolean;
  searchKey: string;
}

/** An entry as stored: a station or a track. */
export type PlaylistEntry = { stationId: string; trackId: null } | { stationId: null; trackId: string };

const PLAYLIST = `p.id, p.user_id AS "userId", coalesce(u.display_name, u.username) AS "ownerName", p.name, p.description, p.is_public AS "isPublic",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt",
  count(i.track_id)::int AS "trackCount", count(i.station_id)::int AS "stationCount", coalesce(sum(t.duration), 0)::int AS duration`;
const FROM = `playlists p JOIN users u ON u.id = p.user_id
  LEFT JOIN playlist_items i ON i.playlist_id = p.id LEFT JOIN tracks t ON t.id = i.track_id`;


/** playlists and playlist_items: each playlist's entries are written whole, in order, in the same transaction. */
@Injectable()
export class PlaylistRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Inserts unless the user has `max` playlists already (counted under a lock on the user's row); undefined then. */
  async insertWithinLimit(userId: string, fields: PlaylistFields, entries: readonly PlaylistEntry[], max: number): Promise<string | undefined> {
    return this.manager.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const [{ count }] = (await tx.query('SELECT count(*)::int AS count FROM playlists WHERE user_id = $1', [userId])) as { count: number }[];
      if (count >= max) return undefined;
      const [{ id }] = (await tx.query('INSERT INTO playlists (user_id, name, description, is_public, search_key) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
        userId,
        fields.name,
        fields.description,
        fields.isPublic,
        fields.searchKey,
      ])) as { id: string }[];
      await this.writeEntries(tx, id, entries);
      return id;
    });
  }

  /** Changes the user's playlist (entries replaced when given); whether it was theirs. */
  async update(id: string, userId: string, fields: Partial<PlaylistFields>, entries?: readonly PlaylistEntry[]): Promise<boolean> {
    return this.manager.transaction(async (tx) => {
      const [owned] = (await tx.query('SELECT id FROM playlists WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId])) as unknown[];
      if (!owned) return false;
      await tx.query(
        `UPDATE playlists SET name = coalesce($2, name), description = CASE WHEN $3::boolean THEN $4 ELSE description END,
           is_public = coalesce($5, is_public), search_key = coalesce($6, search_key), updated_at = now() WHERE id = $1`,
        [id, fields.name ?? null, fields.description !== undefined, fields.description ?? null, fields.isPublic ?? null, fields.searchKey ?? null],
      );
      if (entries) {
        await tx.query('DELETE FROM playlist_items WHERE playlist_id = $1', [id]);
        await this.writeEntries(tx, id, entries);
      }
      return true;
    });
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const [, removed] = (await this.manager.query('DELETE FROM playlists WHERE id = $1 AND user_id = $2', [id, userId])) as [unknown, number];
    return removed > 0;
  }

  async find(id: string): Promise<PlaylistRow | undefined> {
    const [row] = (await this.manager.query(`SELECT ${PLAYLIST} FROM ${FROM} WHERE p.id = $1 GROUP BY p.id, u.id`, [id])) as PlaylistRow[];
    return row;
  }

  /** The user's playlists, the newest first. */
  async ofUser(userId: string): Promise<PlaylistRow[]> {
    return (await this.manager.query(`SELECT ${PLAYLIST} FROM ${FROM} WHERE p.user_id = $1 GROUP BY p.id, u.id ORDER BY p.created_at DESC, p.id`, [userId])) as PlaylistRow[];
  }

  /** Public playlists whose folded name or description contains the folded query. */
  async searchPublic(folded: string, limit: number): Promise<PlaylistRow[]> {
    return (await this.manager.query(
      `SELECT ${PLAYLIST} FROM ${FROM} WHERE p.is_public AND p.search_key LIKE $1 ESCAPE '\\' GROUP BY p.id, u.id ORDER BY p.updated_at DESC, p.id LIMIT $2`,
      [containsPattern(folded), limit],
    )) as PlaylistRow[];
  }

  /** The stations in the user's playlists, and the artists of the tracks in them (the most kept first): what they listen to. */
  async listeningOf(userId: string, artistLimit: number): Promise<{ stationIds: string[]; artists: SeedArtist[] }> {
    const [stations, artists] = await Promise.all([
      this.manager.query(
        'SELECT DISTINCT i.station_id AS "stationId" FROM playlist_items i JOIN playlists p ON p.id = i.playlist_id WHERE p.user_id = $1 AND i.station_id IS NOT NULL ORDER BY 1',
        [userId],
      ) as Promise<{ stationId: string }[]>,
      this.manager.query(
        `SELECT t.artist_key AS "artistKey", min(t.artist) AS artist FROM playlist_items i JOIN playlists p ON p.id = i.playlist_id JOIN tracks t ON t.id = i.track_id
         WHERE p.user_id = $1 GROUP BY t.artist_key ORDER BY count(*) DESC, t.artist_key LIMIT $2`,
        [userId, artistLimit],
      ) as Promise<SeedArtist[]>,
    ]);
    return { stationIds: stations.map((s) => s.stationId), artists };
  }

  async entries(id: string): Promise<PlaylistEntry[]> {
    return (await this.manager.query('SELECT station_id AS "stationId", track_id AS "trackId" FROM playlist_items WHERE playlist_id = $1 ORDER BY position', [id])) as PlaylistEntry[];
  }

  private async writeEntries(tx: EntityManager, id: string, entries: readonly PlaylistEntry[]): Promise<void> {
    if (!entries.length) return;
    await tx.query(
      `INSERT INTO playlist_items (playlist_id, position, station_id, track_id)
       SELECT $1, e.position - 1, e.station_id, e.track_id FROM unnest($2::varchar[], $3::uuid[]) WITH ORDINALITY AS e(station_id, track_id, position)`,
      [id, entries.map((e) => e.stationId), entries.map((e) => e.trackId)],
    );
  }
}
