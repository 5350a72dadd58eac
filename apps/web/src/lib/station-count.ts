/**
 * What a prerendered page (build/prerender.ts) holds where the number of stations goes: the catalogue is the server's
 * (its STATIONS_FILE, or the built-in one), so the server writes the count there as it loads the pages
 * (apps/api/src/core/http/prerendered-pages.ts), like the site's address (site-origin.ts).
 */
export const PRERENDERED_STATION_COUNT = '__GROUAROCK_STATION_COUNT__';

/** The meta element of a prerendered page that carries the count (build/prerender-html.ts writes it into the head). */
export const STATION_COUNT_META = 'grouarock:station-count';

/**
 * The station count the page was rendered with, as text: the token while prerendering, the number the server wrote into
 * a prerendered page (the same one its HTML shows, so hydrating keeps it), or undefined in a page the browser rendered
 * from the app's shell (the count then comes from the catalogue itself).
 */
export function renderedStationCount(): string | undefined {
  if (typeof document === 'undefined') return PRERENDERED_STATION_COUNT;
  const count = document.head.querySelector<HTMLMetaElement>(`meta[name="${STATION_COUNT_META}"]`)?.content;
  return count && /^\d+$/.test(count) ? count : undefined;
}
