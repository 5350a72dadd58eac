import {
  getLikedStations,
  getNowPlaying,
  getStationLikes,
  getWeeklyTop,
  likeStation,
  listStations,
  unlikeStation,
  type LikesDto,
  type NowPlayingDto,
  type StationDto,
  type WeeklyTopDto,
} from '@grouarock/api-client';

export type { LikesDto, NowPlayingDto, StationDto, WeeklyTopDto };
export type Genre = StationDto['genres'][number];

/** The radio calls of the page, through the generated client (they throw on an HTTP error). */
export const radioApi = {
  async stations(): Promise<StationDto[]> {
    const { data } = await listStations({ throwOnError: true });
    return data;
  },
  async nowPlaying(id: string): Promise<NowPlayingDto> {
    const { data } = await getNowPlaying({ path: { id }, throwOnError: true });
    return data;
  },
  async likes(id: string): Promise<LikesDto> {
    const { data } = await getStationLikes({ path: { id }, throwOnError: true });
    return data;
  },
  /** The signed-in user's favourites, most recently liked first. */
  async liked(): Promise<string[]> {
    const { data } = await getLikedStations({ throwOnError: true });
    return data.stationIds;
  },
  async like(id: string): Promise<LikesDto> {
    const { data } = await likeStation({ path: { id }, throwOnError: true });
    return data;
  },
  async unlike(id: string): Promise<LikesDto> {
    const { data } = await unlikeStation({ path: { id }, throwOnError: true });
    return data;
  },
  async weeklyTop(): Promise<WeeklyTopDto> {
    const { data } = await getWeeklyTop({ throwOnError: true });
    return data;
  },
};

/** The same-origin relay every station plays through. */
export function streamUrl(id: string): string {
  return `/api/v1/radio/${encodeURIComponent(id)}/stream`;
}
