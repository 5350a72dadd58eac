import { useSyncExternalStore } from 'react';

/**
 * What a prerendered page (build/prerender.ts) holds where the site's own address goes: one build serves any address,
 * so the server writes its PUBLIC_URL there as it loads the pages (apps/api/src/core/http/prerendered-pages.ts).
 */
export const PRERENDERED_ORIGIN = '__GROUAROCK_PUBLIC_URL__';

const subscribe = () => () => undefined;

/** The address the page in the browser was rendered for: its canonical link's, which a prerendered page has. */
function renderedOrigin(): string {
  if (typeof document === 'undefined') return PRERENDERED_ORIGIN;
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return canonical ? new URL(canonical.href).origin : window.location.origin;
}

/**
 * The site's address for texts that show it (the API's base URL, code samples): the one the page was rendered for
 * while React takes a prerendered page over, then the address the browser is on.
 */
export function useSiteOrigin(): string {
  return useSyncExternalStore(subscribe, () => window.location.origin, renderedOrigin);
}
