import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { LikedStationsDto, LikesDto } from './radio.dto';
import { StationLike } from './station-like.entity';
import { StationsService } from './stations.service';
import { WeeklyStatsService } from './weekly-stats.service';

/** Likes are rows (one per station and user): the count is what the table holds, never kept separately. */
@Injectable()
export class LikesService {
  constructor(
    @InjectRepository(StationLike) private readonly likes: Repository<StationLike>,
    private readonly stations: StationsService,
    private readonly weekly: WeeklyStatsService,
  ) {}

  async like(stationId: string, userId: string): Promise<LikesDto> {
    await this.stations.require(stationId);
    // Idempotent and race-free: the unique index decides, a second insert does nothing.
    const result = await this.likes.createQueryBuilder().insert().values({ stationId, userId }).orIgnore().execute();
    if (result.raw?.length) this.weekly.schedule();
    return this.count(stationId, userId);
  }

  async unlike(stationId: string, userId: string): Promise<LikesDto> {
    await this.stations.require(stationId);
    const result = await this.likes.delete({ stationId, userId });
    if (result.affected) this.weekly.schedule();
    return this.count(stationId, userId);
  }

  async get(stationId: string, userId?: string): Promise<LikesDto> {
    await this.stations.require(stationId);
    return this.count(stationId, userId);
  }

  /** The user's favourites: the stations they like, most recent first. */
  async likedBy(userId: string): Promise<LikedStationsDto> {
    const rows = (await this.likes.query(
      'SELECT l.station_id AS id FROM station_likes l JOIN stations s ON s.id = l.station_id WHERE l.user_id = $1 AND s.active ORDER BY l.created_at DESC',
      [userId],
    )) as { id: string }[];
    return { stationIds: rows.map((r) => r.id) };
  }

  private async count(stationId: string, userId?: string): Promise<LikesDto> {
    const [{ count, mine }] = (await this.likes.query(
      'SELECT count(*)::int AS count, coalesce(bool_or(user_id = $2), false) AS mine FROM station_likes WHERE station_id = $1',
      [stationId, userId ?? null],
    )) as { count: number; mine: boolean }[];
    return { count, likedByMe: mine };
  }
}
