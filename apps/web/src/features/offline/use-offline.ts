import { useToast } from '@grouarock/ui';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useEntitlements } from '../subscription';
import { anythingKept, forgetAllOf, forgetOffline, keepOffline, listOffline, persistStorage, type OfflineItem } from './offline-store';
import { offlineItemsKey, useOfflineItems } from './use-offline-source';
import { registerOfflineWorker, unregisterOfflineWorker } from './worker-registration';

/** The removal under way after a plan lost offline: several mounted panels start one, and one tells the user. */
let revoking: Promise<number> | null = null;

/**
 * The account's plan as offline listening reads it (`limits.offline` of GET /me/entitlements, read again on load and
 * on reconnect by SWR): while it allows offline, the worker is registered for what is kept; once it does not, what the
 * account kept is removed with a notice. Without an answer (offline) nothing changes.
 */
export function useOfflineAccess(userId: string | null) {
  const t = useT();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const entitlements = useEntitlements(userId);
  const items = useOfflineItems(userId);
  const allowed = entitlements.data?.limits.offline === true;
  const denied = entitlements.data !== undefined && !allowed;
  const keptCount = items.data?.length ?? 0;

  useEffect(() => {
    if (userId && keptCount && allowed) registerOfflineWorker().catch((error: unknown) => console.warn('Could not register the offline worker', error));
  }, [userId, keptCount, allowed]);

  useEffect(() => {
    if (!userId || !keptCount || !denied || revoking) return;
    const started = (revoking = forgetAllOf(userId));
    started
      .then(async (count) => {
        if (count) toast.show({ tone: 'info', title: t('offline.revoked', { count }), durationMs: 10_000 });
        await mutate(offlineItemsKey(userId));
        if (!(await anythingKept())) await unregisterOfflineWorker();
      })
      .catch((error: unknown) => console.warn('Could not remove what was kept offline', error))
      .finally(() => (revoking = null));
  }, [userId, denied, keptCount, mutate, t, toast]);

  return { entitlements, items, allowed, denied };
}

/** Keeping a file offline and letting it go, with what the user is told. */
export function useOfflineActions(owner: string) {
  const t = useT();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const entitlements = useEntitlements(owner);
  const refresh = () => mutate(offlineItemsKey(owner));

  const keep = async (item: Pick<OfflineItem, 'kind' | 'id' | 'title'>, load: () => Promise<Blob>): Promise<void> => {
    try {
      const first = (await listOffline(owner)).length === 0;
      const body = await load();
      await keepOffline({ ...item, owner }, body);
      await registerOfflineWorker();
      if (first) await persistStorage().catch((error: unknown) => console.warn('Persistent storage was not granted', error));
      toast.show({ tone: 'success', title: t('offline.kept', { title: item.title }) });
    } catch (error) {
      console.warn('Keeping offline failed', error);
      const noSpace = error instanceof DOMException && error.name === 'QuotaExceededError';
      toast.show({ tone: 'error', title: t(noSpace ? 'offline.noSpace' : 'offline.failed') });
      // The server refused: the plan changed since the page read it.
      if (error instanceof ApiError && error.status === 403) await entitlements.mutate().catch((reread: unknown) => console.warn('Could not read the plan again', reread));
    } finally {
      await refresh();
    }
  };

  const forget = async (item: Pick<OfflineItem, 'kind' | 'id' | 'title'>): Promise<void> => {
    try {
      await forgetOffline(item.kind, item.id);
      toast.show({ tone: 'success', title: t('offline.removed', { title: item.title }) });
      if (!(await anythingKept())) await unregisterOfflineWorker();
    } catch (error) {
      console.warn('Removing from offline failed', error);
      toast.show({ tone: 'error', title: t('offline.failed') });
    } finally {
      await refresh();
    }
  };

  return { keep, forget };
}
