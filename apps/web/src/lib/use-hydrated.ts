import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a prerendered page is rendered at build time and while the browser hydrates it, true in every render
 * after (and from the first render of anything the app shows later): what only this browser knows (its storage)
 * may be shown once it is true without the HTML React takes over differing from what it renders.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
