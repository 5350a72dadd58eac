import { useCallback, useSyncExternalStore } from 'react';

/** A CSS media query for matchMedia, from the theme's `@media …` rule. */
export function mediaQuery(rule: string): string {
  return rule.replace(/^@media\s*/, '');
}

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether the media query matches now; re-renders when that changes. False where matchMedia does not exist. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matches(query), () => false);
}
