import { createContext, useContext } from 'react';

/**
 * Where a page being prerendered at build time (src/prerender.tsx) notes the API reads its first screen makes as it
 * starts: the build writes them into the page as preloads, so the browser fetches them beside the scripts instead of
 * after they have run. Absent in the browser.
 */
export const PreloadReadCollector = createContext<((path: string) => void) | null>(null);

/**
 * Notes `path` (a GET of our API, same for every visitor, as the generated client requests it) for the prerendered
 * page's preloads. Does nothing in the browser.
 */
export function usePreloadRead(path: string): void {
  useContext(PreloadReadCollector)?.(path);
}
