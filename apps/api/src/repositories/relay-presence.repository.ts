import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

/** One process's relay of one station, as it reports it. */
export interface PresenceReport {
  stationId: string;
  listeners: number;
  artist: string | null;
  title: string | null;
  titleAt: Date | null;
}

/** The other processes' relays of one station, added up: their listeners and the latest title any of them read. */
export interface RemoteRelay {
  listeners: number;
  title: { artist: string | null; title: string; at: Date } | null;
}

/**
 * relay_presence and relay_titles: the radio relays' state shared by every API process. Freshness is judged by the
 * database's clock alone (updated_at = now()), so processes whose clocks disagree still agree on who is alive.
 */
@Injectable()
export class RelayPresenceRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Writes this process's rows for `reports` and removes its rows for `gone`, in one statement. */
  async write(instanceId: string, reports: readonly PresenceReport[], gone: readonly string[]): Promise<void> {
    await this.manager.query(
      `WITH gone AS (DELETE FROM relay_presence WHERE instance_id = $1 AND station_id = ANY($2::varchar[]))
       INSERT INTO relay_presence (instance_id, station_id, listeners, artist, title, title_at, updated_at)
       SELECT $1, r.station_id, r.listeners, r.artist, r.title, r.title_at, now()
       FROM unnest($3::varchar[], $4::int[], $5::text[], $6::text[], $7::timestamptz[]) AS r(station_id, listeners, artist, title, title_at)
       ON CONFLICT (instance_id, station_id) DO UPDATE SET listeners = EXCLUDED.listeners, artist = EXCLUDED.artist, title = EXCLUDED.title,
         title_at = EXCLUDED.title_at, updated_at = now()`,
      [
        instanceId,
        gone,
        reports.map((r) => r.stationId),
        reports.map((r) => r.listeners),
        reports.map((r) => r.artist),
        reports.map((r) => r.title),
        reports.map((r) => r.titleAt),
      ],
    );
  }

  /** Every row of this process (on a clean shutdown). */
  async removeInstance(instanceId: string): Promise<void> {
    await this.manager.query('DELETE FROM relay_presence WHERE instance_id = $1', [instanceId]);
  }

  /** Rows nobody refreshed for `staleSeconds`: their process died without cleaning up. */
  async sweep(staleSeconds: number): Promise<void> {
    await this.manager.query('DELETE FROM relay_presence WHERE updated_at < now() - make_interval(secs => $1)', [staleSeconds]);
  }

  /** Per station, the other processes' fresh rows added up (one query for the whole catalogue). */
  async others(instanceId: string, freshSeconds: number): Promise<Map<string, RemoteRelay>> {
    const rows = (await this.manager.query(
      `SELECT DISTINCT ON (station_id) station_id AS "stationId", (sum(listeners) OVER (PARTITION BY station_id))::int AS listeners,
         artist, title, title_at AS "titleAt"
       FROM relay_presence
       WHERE instance_id <> $1 AND updated_at >= now() - make_interval(secs => $2)
       ORDER BY station_id, title_at DESC NULLS LAST`,
      [instanceId, freshSeconds],
    )) as { stationId: string; listeners: number; artist: string | null; title: string | null; titleAt: Date | null }[];
    return new Map(
      rows.map((r) => [r.stationId, { listeners: r.listeners, title: r.title !== null && r.titleAt ? { artist: r.artist, title: r.title, at: r.titleAt } : null }]),
    );
  }

  /**
   * Records `title` as the station's current one unless it already is: true for the one caller (over every process)
   * whose upsert changed the row. A concurrent upsert of the same title waits for the first and then changes nothing.
   */
  async claimTitle(stationId: string, artist: string | null, title: string): Promise<boolean> {
    const rows = (await this.manager.query(
      `INSERT INTO relay_titles (station_id, artist, title, changed_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (station_id) DO UPDATE SET artist = EXCLUDED.artist, title = EXCLUDED.title, changed_at = now()
       WHERE (relay_titles.artist, relay_titles.title) IS DISTINCT FROM (EXCLUDED.artist, EXCLUDED.title)
       RETURNING station_id`,
      [stationId, artist, title],
    )) as unknown[];
    return rows.length > 0;
  }
}
