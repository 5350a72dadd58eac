import type { PlaylistDetailDto, PlaylistItemDto, PlaylistItemInputDto } from '@grouarock/api-client';
import { foldText } from '@grouarock/i18n';

type Item = Pick<PlaylistItemDto, 'type' | 'station' | 'track'>;

/** The entries as PATCH /user/playlists/{id} takes them (its `items` replaces all of them, in this order). */
export function toInputs(items: readonly Item[]): PlaylistItemInputDto[] {
  return items.flatMap((item): PlaylistItemInputDto[] => {
    const id = item.type === 'station' ? item.station?.id : item.track?.id;
    return id ? [{ type: item.type, id }] : [];
  });
}

/** The entries with the one at `index` moved one place up (-1) or down (1); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, direction: 1 | -1): T[] {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export function without<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

export function stationCount(items: readonly Item[]): number {
  return items.filter((item) => item.type === 'station').length;
}

/** The stations of a playlist, in its order: what playing it queues. */
export function stationsOf(playlist: Pick<PlaylistDetailDto, 'items'>) {
  return playlist.items.flatMap((item) => (item.type === 'station' && item.station ? [item.station] : []));
}

export function hasItem(playlist: Pick<PlaylistDetailDto, 'items'>, input: PlaylistItemInputDto): boolean {
  return toInputs(playlist.items).some((item) => item.type === input.type && item.id === input.id);
}

/** Two spellings of a track that differ only in case, accents and spacing are the same track (as the API keys them). */
export function sameTrack(a: { artist: string; title: string }, b: { artist: string; title: string }): boolean {
  const key = (t: { artist: string; title: string }) => foldText(`${t.artist} - ${t.title}`).replace(/\s+/g, ' ').trim();
  return key(a) === key(b);
}

/** The address of a public playlist's page, to share. */
export function shareUrl(origin: string, id: string): string {
  return `${origin}/playlists/${id}`;
}
