/** What is kept offline: a studio track or a radio recording. */
export type OfflineKind = 'studio' | 'recording';

/** The Cache API cache holding the kept files (the service worker answers only from it). */
export const OFFLINE_CACHE = 'grouarock-offline-v1';

/**
 * The paths the kept files play from. Only the service worker answers them (the server has no such route), so it never
 * has to decide about any other request: everything outside this prefix goes to the network as if it were not there.
 */
export const OFFLINE_PREFIX = '/offline-media/';

/** The service worker's script, at the site's root so its scope is the whole site (built by vite.config.ts). */
export const OFFLINE_WORKER_URL = '/offline-worker.js';

/** Where a kept file plays from (same-origin, answered from the cache). */
export function offlineUrl(kind: OfflineKind, id: string): string {
  return `${OFFLINE_PREFIX}${kind}/${encodeURIComponent(id)}`;
}

/** Whether this browser can keep files and play them offline (the Cache API and service workers need a secure origin). */
export function offlineSupported(): boolean {
  return typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}
