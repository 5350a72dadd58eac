import { listStations, type StationDto } from '@grouarock/api-client';
import type { StreamSource } from '@grouarock/audio-engine';
import useSWR from 'swr';
import { usePreloadRead } from '../../../lib/preload-read';
import { dataOf } from '../../../lib/query';

export type { StationDto };
export type Genre = StationDto['genres'][number];

/**
 * GET /radio/stations: the catalogue, in its order (loaded once per page visit; `mutate()` to try again). The same for
 * every visitor, so a prerendered page that shows it has the browser fetch it from the start.
 */
export function useStations() {
  usePreloadRead('/api/v1/radio/stations');
  return useSWR('/radio/stations', () => dataOf(listStations({ throwOnError: true })), { revalidateIfStale: false });
}

/** What the hooks' users read while the catalogue is not in (one array, so memos keep their value). */
export const NO_STATIONS: StationDto[] = [];

/**
 * A station as the audio engine plays it: through our same-origin relay, so the stream is CORS-clean for Web Audio;
 * with a stream ticket when the listener's plan has ads (stream-access.ts).
 */
export function sourceOf(station: Pick<StationDto, 'id' | 'name'>, ticket?: string | null): StreamSource {
  const url = `/api/v1/radio/${encodeURIComponent(station.id)}/stream`;
  return { id: station.id, name: station.name, url: ticket ? `${url}?ticket=${encodeURIComponent(ticket)}` : url };
}
