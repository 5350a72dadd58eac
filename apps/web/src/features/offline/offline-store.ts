import { OFFLINE_CACHE, offlineSupported, offlineUrl, type OfflineKind } from './offline-keys';

export { offlineSupported };

/** A file kept in this browser for offline listening. */
export interface OfflineItem {
  kind: OfflineKind;
  /** The studio track's id, or the recording's. */
  id: string;
  title: string;
  /** The account that kept it: each account sees (and loses with its plan) only its own. */
  owner: string;
  size: number;
  keptAt: string;
  /** Where it plays from (answered by the service worker). */
  url: string;
}

/** What a kept file's cached response carries besides its body: the store needs nothing else to list it. */
const META = { kind: 'x-offline-kind', id: 'x-offline-id', title: 'x-offline-title', owner: 'x-offline-owner', size: 'x-offline-size', keptAt: 'x-offline-kept-at' } as const;

function itemOf(response: Response): OfflineItem | null {
  const read = (name: string) => response.headers.get(name);
  const kind = read(META.kind);
  const id = read(META.id);
  const owner = read(META.owner);
  if ((kind !== 'studio' && kind !== 'recording') || !id || !owner) return null;
  return { kind, id, owner, title: decodeURIComponent(read(META.title) ?? ''), size: Number(read(META.size) ?? 0), keptAt: read(META.keptAt) ?? '', url: offlineUrl(kind, id) };
}

/** Keeps a file for its owner; a quota error (QuotaExceededError) is the caller's to tell. */
export async function keepOffline(item: Pick<OfflineItem, 'kind' | 'id' | 'title' | 'owner'>, body: Blob): Promise<OfflineItem> {
  const cache = await caches.open(OFFLINE_CACHE);
  const kept = { ...item, size: body.size, keptAt: new Date().toISOString(), url: offlineUrl(item.kind, item.id) };
  const headers = {
    'Content-Type': body.type || 'application/octet-stream',
    [META.kind]: kept.kind,
    [META.id]: kept.id,
    [META.title]: encodeURIComponent(kept.title),
    [META.owner]: kept.owner,
    [META.size]: String(kept.size),
    [META.keptAt]: kept.keptAt,
  };
  await cache.put(kept.url, new Response(body, { headers }));
  return kept;
}

/** The files an account keeps, the most recently kept first. */
export async function listOffline(owner: string): Promise<OfflineItem[]> {
  if (!offlineSupported()) return [];
  const cache = await caches.open(OFFLINE_CACHE);
  const responses = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
  return responses
    .flatMap((response) => (response ? [itemOf(response)] : []))
    .filter((item): item is OfflineItem => item?.owner === owner)
    .sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

export async function forgetOffline(kind: OfflineKind, id: string): Promise<void> {
  await (await caches.open(OFFLINE_CACHE)).delete(offlineUrl(kind, id));
}

/** Removes everything an account keeps (its plan no longer allows offline): how many files went. */
export async function forgetAllOf(owner: string): Promise<number> {
  const items = await listOffline(owner);
  await Promise.all(items.map((item) => forgetOffline(item.kind, item.id)));
  return items.length;
}

/** Whether anything at all is kept here, by any account (the worker is unregistered once nothing is). */
export async function anythingKept(): Promise<boolean> {
  return offlineSupported() && (await (await caches.open(OFFLINE_CACHE)).keys()).length > 0;
}

/** The browser's own figure of this site's storage (approximate), or null where it gives none. */
export async function storageEstimate(): Promise<{ used: number; free: number } | null> {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return null;
  return { used: estimate.usage, free: Math.max(0, estimate.quota - estimate.usage) };
}

/**
 * Asks, on the first file kept, that the browser not evict this site's storage under pressure (it may say no, or ask
 * the user: the files are kept either way, best-effort).
 */
export async function persistStorage(): Promise<void> {
  if (!navigator.storage?.persist || (await navigator.storage.persisted())) return;
  await navigator.storage.persist();
}
