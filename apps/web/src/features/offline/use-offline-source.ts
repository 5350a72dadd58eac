import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { offlineSupported, offlineUrl, type OfflineKind } from './offline-keys';

export const offlineItemsKey = (owner: string) => ['offline-items', owner] as const;

/**
 * What an account keeps in this browser (nothing is read signed out, or where the browser cannot keep files). The store
 * loads with the first read: this hook sits in the pages that show a kept file, the store in the offline chunk.
 */
export function useOfflineItems(owner: string | null) {
  return useSWR(owner && offlineSupported() ? offlineItemsKey(owner) : null, async ([, of]) => (await import('./offline-store')).listOffline(of));
}

/** Whether the offline worker controls this page now (a kept file plays from the cache only then). */
function useWorkerControls(): boolean {
  const [controlled, setControlled] = useState(false);
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const update = () => setControlled(Boolean(container.controller));
    update();
    container.addEventListener('controllerchange', update);
    return () => container.removeEventListener('controllerchange', update);
  }, []);
  return controlled;
}

/** Where a file plays from: its kept copy when there is one the worker can answer, else `url` (the network's). */
export function useOfflineSource(owner: string | null, kind: OfflineKind, id: string, url: string): string {
  const kept = useOfflineItems(owner).data?.some((item) => item.kind === kind && item.id === id) ?? false;
  return useWorkerControls() && kept ? offlineUrl(kind, id) : url;
}
