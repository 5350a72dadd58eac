// The service worker of offline listening (features/offline): built on its own as /offline-worker.js (vite.config.ts)
// and registered only for a signed-in paid account that keeps something offline. It answers only the paths of kept
// files (OFFLINE_PREFIX), from the Cache API; every other request, pages and index.html included, it leaves alone:
// without a respondWith the browser fetches them exactly as it would without a worker.
import { answerFromCache } from './features/offline/cached-range';
import { OFFLINE_PREFIX } from './features/offline/offline-keys';

/** The parts of ServiceWorkerGlobalScope used here (the app's DOM types and the worker's lib do not mix). */
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: Event & { waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'fetch', listener: (event: Event & { request: Request; respondWith(answer: Promise<Response>): void }) => void): void;
}

const worker = self as unknown as WorkerScope;

// A new worker takes over at once, and the open pages with it, so a file kept a moment ago plays from the cache.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin || !url.pathname.startsWith(OFFLINE_PREFIX)) return;
  event.respondWith(answerFromCache(request));
});
