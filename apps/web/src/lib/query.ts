import type { SWRConfiguration } from 'swr';

/**
 * The server-state layer: SWR over the generated client. Every endpoint the app reads has one hook in its
 * feature's `api/` folder (`useStations`, `useWeeklyTop`, …) keyed by the endpoint's path, so components that show
 * the same data share one request and one cache entry, and a write revalidates the keys it changes.
 */
export const queryConfig: SWRConfiguration = {
  // One cache per app (and per rendered test), not SWR's module-wide default.
  provider: () => new Map(),
  // Our screens offer "try again" on an error; they do not retry behind the user's back or refetch on focus.
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  onError: (error: unknown, key: unknown) => console.warn(`Could not load ${String(key)}`, error),
};

/** The data of a generated-client call made with `throwOnError` (its failure is the client's ApiError). */
export async function dataOf<T>(call: Promise<{ data: T }>): Promise<T> {
  return (await call).data;
}
