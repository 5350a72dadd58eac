import {
  createPlaylist,
  deletePlaylist,
  getMyRecommendations,
  getPlaylist,
  listMyPlaylists,
  search,
  updatePlaylist,
  type ForYouDto,
  type ForYouTrackDto,
  type PlaylistDetailDto,
  type PlaylistDto,
  type PlaylistItemDto,
  type PlaylistListDto,
  type UpdatePlaylistDto,
} from '@grouarock/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { dataOf } from '../../../lib/query';
import { sameTrack } from '../playlist-items';

export type { ForYouDto, ForYouTrackDto, PlaylistDetailDto, PlaylistDto, PlaylistItemDto, PlaylistListDto };

const MINE = '/user/playlists';
const ONE = '/playlists/{id}';
const FOR_YOU = '/me/recommendations';

/** GET /user/playlists: the signed-in account's playlists and how many stations one may hold on its plan. */
export function useMyPlaylists(userId: string | null) {
  return useSWR(userId ? ([MINE, userId] as const) : null, () => dataOf(listMyPlaylists({ throwOnError: true })));
}

/** GET /playlists/{id}: a playlist with its entries (the caller's own, or anyone's public one). */
export function usePlaylist(id: string | null, userId: string | null) {
  return useSWR(id ? ([ONE, id, userId] as const) : null, ([, playlistId]) => dataOf(getPlaylist({ path: { id: playlistId }, throwOnError: true })));
}

/** GET /me/recommendations ("Dla Ciebie"): asked only for a plan that has it. */
export function useForYou(userId: string | null, allowed: boolean) {
  return useSWR(userId && allowed ? ([FOR_YOU, userId] as const) : null, () => dataOf(getMyRecommendations({ query: { limit: 8 }, throwOnError: true })));
}

/** The id of a track our relays heard, found by its artist and title (now-playing carries no id); undefined if not (yet) recorded. */
export async function findTrackId(artist: string, title: string): Promise<string | undefined> {
  const { tracks } = await dataOf(search({ query: { q: `${artist} - ${title}`, type: 'track' }, throwOnError: true }));
  return tracks.find((track) => sameTrack(track, { artist, title }))?.id;
}

function isKey(key: unknown, path: string, id?: string): boolean {
  return Array.isArray(key) && key[0] === path && (id === undefined || key[1] === id);
}

/** The writes, each updating the cached list and the playlist it changed (and the recommendations they feed). */
export function usePlaylistWrites() {
  const { mutate } = useSWRConfig();
  const changed = async (detail?: PlaylistDetailDto) => {
    await Promise.all([
      mutate((key) => isKey(key, MINE)),
      mutate((key) => isKey(key, FOR_YOU)),
      ...(detail ? [mutate((key) => isKey(key, ONE, detail.id), detail, { revalidate: false })] : []),
    ]);
    return detail;
  };
  return {
    create: async (name: string) => changed(await dataOf(createPlaylist({ body: { name }, throwOnError: true }))),
    update: async (id: string, body: UpdatePlaylistDto) => changed(await dataOf(updatePlaylist({ path: { id }, body, throwOnError: true }))),
    remove: async (id: string) => {
      await deletePlaylist({ path: { id }, throwOnError: true });
      await Promise.all([changed(), mutate((key) => isKey(key, ONE, id), undefined, { revalidate: false })]);
    },
  };
}

/** GET /playlists/{id} once, as it is now (another tab may have changed it): to play it, or to add to it. */
export function readPlaylist(id: string): Promise<PlaylistDetailDto> {
  return dataOf(getPlaylist({ path: { id }, throwOnError: true }));
}
