import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

/** A viewer one process saw: its stream, its key (the player's id or its address) and how long ago, in ms. */
export interface ViewerSighting {
  streamId: string;
  key: string;
  agoMs: number;
}

/** Rows older than this are gone for every count; they are deleted as the next sync passes. */
const KEEP_SECONDS = 60;

/**
 * live_viewers: the viewers every API process saw lately, so each counts and caps a stream's viewers over all of them
 * (docs/live.md, "Serving and viewers"). Keys are stored hashed: an address is no business of this table.
 */
@Injectable()
export class LiveViewerRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Records the sightings (as of the database's clock) and counts each stream's viewers seen within `ttlSeconds`. */
  async sync(sightings: ViewerSighting[], ttlSeconds: number): Promise<Map<string, number>> {
    if (sightings.length) {
      await this.manager.query(
        `INSERT INTO live_viewers (stream_id, viewer_key, seen_at)
         SELECT s.stream_id, s.viewer_key, now() - make_interval(secs => s.ago / 1000.0)
         FROM unnest($1::uuid[], $2::text[], $3::int[]) AS s(stream_id, viewer_key, ago)
         ON CONFLICT (stream_id, viewer_key) DO UPDATE SET seen_at = GREATEST(live_viewers.seen_at, EXCLUDED.seen_at)`,
        [sightings.map((s) => s.streamId), sightings.map((s) => hashKey(s.key)), sightings.map((s) => Math.max(0, Math.round(s.agoMs)))],
      );
    }
    await this.manager.query(`DELETE FROM live_viewers WHERE seen_at < now() - make_interval(secs => $1)`, [KEEP_SECONDS]);
    const rows = (await this.manager.query(
      `SELECT stream_id AS "streamId", count(*)::int AS count FROM live_viewers WHERE seen_at > now() - make_interval(secs => $1) GROUP BY stream_id`,
      [ttlSeconds],
    )) as { streamId: string; count: number }[];
    return new Map(rows.map((r) => [r.streamId, r.count]));
  }
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}
