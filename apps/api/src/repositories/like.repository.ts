import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { StationLike } from './schema/station-like.entity';

/** Likes are rows, one per station and user: a count is what the table holds, never kept separately. */
@Injectable()
export class LikeRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Idempotent and race-free: the unique index decides. Whether a like was added. */
  async add(stationId: string, userId: string): Promise<boolean> {
    const result = await this.manager.createQueryBuilder().insert().into(StationLike).values({ stationId, userId }).orIgnore().execute();
    return Boolean((result.raw as unknown[] | undefined)?.length);
  }

  /** Whether a like was removed. */
  async remove(stationId: string, userId: string): Promise<boolean> {
    const result = await this.manager.getRepository(StationLike).delete({ stationId, userId });
    return Boolean(result.affected);
  }

  async count(stationId: string, userId?: string): Promise<{ count: number; mine: boolean }> {
    const [row] = (await this.manager.query(
      'SELECT count(*)::int AS count, coalesce(bool_or(user_id = $2), false) AS mine FROM station_likes WHERE station_id = $1',
      [stationId, userId ?? null],
    )) as { count: number; mine: boolean }[];
    return row;
  }

  /** The active stations the user likes, most recently liked first. */
  async stationIdsLikedBy(userId: string): Promise<string[]> {
    const rows = (await this.manager.query(
      'SELECT l.station_id AS id FROM station_likes l JOIN stations s ON s.id = l.station_id WHERE l.user_id = $1 AND s.active ORDER BY l.created_at DESC',
      [userId],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }
}
