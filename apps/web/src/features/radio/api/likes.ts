import { getLikedStations, getStationLikes, likeStation, unlikeStation, type LikesDto } from '@grouarock/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { dataOf } from '../../../lib/query';
import { withFavourite, type LikeState } from '../atoms';
import { WEEKLY_TOP } from './weekly-top';

export type { LikesDto };

const LIKES = '/radio/{id}/likes';
const LIKED = '/radio/liked';

/** Keys of data that depends on who asks carry the user id, so another user never sees the previous one's. */
type UserKey = readonly [path: string, userId: string | null, stationId?: string];

/**
 * GET /radio/{id}/likes: the station's like count and whether this user likes it. `ready` is false while the
 * session is being restored (the answer depends on it).
 */
export function useStationLikes(stationId: string | null, userId: string | null, ready: boolean) {
  const key: UserKey | null = stationId && ready ? [LIKES, userId, stationId] : null;
  return useSWR(key, ([, , id]) => dataOf(getStationLikes({ path: { id: id ?? '' }, throwOnError: true })));
}

/** GET /radio/liked: the signed-in user's favourites, most recently liked first (none signed out). */
export function useLikedStations(userId: string | null): readonly string[] {
  const key: UserKey | null = userId ? [LIKED, userId] : null;
  const { data } = useSWR(key, async () => (await dataOf(getLikedStations({ throwOnError: true }))).stationIds);
  return data ?? [];
}

/** PUT or DELETE /radio/{id}/like. */
export async function setLike(stationId: string, liked: boolean): Promise<LikeState> {
  return dataOf(liked ? likeStation({ path: { id: stationId }, throwOnError: true }) : unlikeStation({ path: { id: stationId }, throwOnError: true }));
}

function isUserKey(key: unknown, path: string, stationId?: string): boolean {
  return Array.isArray(key) && key[0] === path && (stationId === undefined || key[2] === stationId);
}

/**
 * After a like or unlike: the station's likes take the server's answer, the favourites follow it, and the weekly
 * top is read again. Cached entries of whoever asked are updated (a first like may have signed in anonymously).
 */
export function useLikeChanged(): (stationId: string, state: LikeState) => Promise<void> {
  const { mutate } = useSWRConfig();
  return async (stationId, state) => {
    await Promise.all([
      mutate((key) => isUserKey(key, LIKES, stationId), state, { revalidate: false }),
      mutate((key) => isUserKey(key, LIKED), (ids?: readonly string[]) => withFavourite(ids ?? [], stationId, state.likedByMe), { revalidate: false }),
      mutate(WEEKLY_TOP),
    ]);
  };
}
