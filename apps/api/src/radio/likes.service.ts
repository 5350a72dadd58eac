import { Injectable } from '@nestjs/common';
import { LikeRepository } from '../repositories/like.repository';
import type { LikedStationsDto, LikesDto } from './radio.dto';
import { StationsService } from './stations.service';
import { WeeklyStatsService } from './weekly-stats.service';

/** Likes of active stations; a change schedules the weekly top's recalculation. */
@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikeRepository,
    private readonly stations: StationsService,
    private readonly weekly: WeeklyStatsService,
  ) {}

  async like(stationId: string, userId: string): Promise<LikesDto> {
    await this.stations.require(stationId);
    if (await this.likes.add(stationId, userId)) this.weekly.schedule();
    return this.count(stationId, userId);
  }

  async unlike(stationId: string, userId: string): Promise<LikesDto> {
    await this.stations.require(stationId);
    if (await this.likes.remove(stationId, userId)) this.weekly.schedule();
    return this.count(stationId, userId);
  }

  async get(stationId: string, userId?: string): Promise<LikesDto> {
    await this.stations.require(stationId);
    return this.count(stationId, userId);
  }

  /** The user's favourites: the stations they like, most recent first. */
  async likedBy(userId: string): Promise<LikedStationsDto> {
    return { stationIds: await this.likes.stationIdsLikedBy(userId) };
  }

  private async count(stationId: string, userId?: string): Promise<LikesDto> {
    const { count, mine } = await this.likes.count(stationId, userId);
    return { count, likedByMe: mine };
  }
}
