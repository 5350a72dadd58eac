import { listStations, type StationDto } from '@grouarock/api-client';
import useSWR from 'swr';
import { dataOf } from '../../../lib/query';

export type { StationDto };
export type Genre = StationDto['genres'][number];

/** GET /radio/stations: the catalogue, in its order (loaded once per page visit; `mutate()` to try again). */
export function useStations() {
  return useSWR('/radio/stations', () => dataOf(listStations({ throwOnError: true })), { revalidateIfStale: false });
}

/** What the hooks' users read while the catalogue is not in (one array, so memos keep their value). */
export const NO_STATIONS: StationDto[] = [];

/** The same-origin relay every station plays through. */
export function streamUrl(id: string): string {
  return `/api/v1/radio/${encodeURIComponent(id)}/stream`;
}
