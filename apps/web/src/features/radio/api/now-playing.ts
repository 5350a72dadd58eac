import { getNowPlaying, type NowPlayingDto } from '@grouarock/api-client';
import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { dataOf } from '../../../lib/query';

export type { NowPlayingDto };

/** After a station switch, now-playing is fetched this much later, ms (the switch clears it at once). */
export const NOW_PLAYING_DELAY_MS = 100;
/** While playing, now-playing is fetched again this often, ms, in case a realtime push was missed. */
export const NOW_PLAYING_REFRESH_MS = 30_000;

export function nowPlayingKey(stationId: string): string {
  return `/radio/${stationId}/nowplaying`;
}

/**
 * GET /radio/{id}/nowplaying: what `stationId` plays. It is the one owner of now-playing: nothing for a newly chosen
 * station, one fetch 100 ms after the switch, a refresh every 30 s while `playing`, and whatever the realtime push
 * writes in between (useNowPlayingPush).
 */
export function useNowPlaying(stationId: string | null, playing: boolean): NowPlayingDto | null {
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!stationId) return;
    const timer = setTimeout(() => setAsked(stationId), NOW_PLAYING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stationId]);
  const key = asked && asked === stationId ? nowPlayingKey(asked) : null;
  const { data } = useSWR(key, () => dataOf(getNowPlaying({ path: { id: asked ?? '' }, throwOnError: true })), {
    refreshInterval: playing ? NOW_PLAYING_REFRESH_MS : 0,
    dedupingInterval: NOW_PLAYING_DELAY_MS,
  });
  return key ? (data ?? null) : null;
}

/** Writes a pushed now-playing into the cache the hook reads, without another request. */
export function usePushNowPlaying(): (stationId: string, nowPlaying: NowPlayingDto) => void {
  const { mutate } = useSWRConfig();
  return (stationId, nowPlaying) => void mutate(nowPlayingKey(stationId), nowPlaying, { revalidate: false });
}
