import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import { formatBytes } from '../format-bytes';
import { offlineSupported, storageEstimate } from '../offline-store';
import { useOfflineAccess } from '../use-offline';
import { muted } from '../../../lib/panel-styles';
import { UpgradeNote } from './upgrade-note';

/** The browser's figure of the room offline listening takes and has left, read again whenever what is kept changes. */
export function StorageFigure({ keptCount }: { keptCount: number }) {
  const t = useT();
  const intl = useIntl();
  const [figure, setFigure] = useState<{ used: number; free: number } | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    storageEstimate().then(
      (estimate) => live && setFigure(estimate),
      (error: unknown) => (console.warn('No storage estimate', error), live && setFigure(null)),
    );
    return () => {
      live = false;
    };
  }, [keptCount]);
  if (figure === undefined) return null;
  return (
    <p css={muted} data-testid="offline-storage">
      {figure ? t('offline.storage', { used: formatBytes(intl, figure.used), free: formatBytes(intl, figure.free) }) : t('offline.storageUnknown')}
    </p>
  );
}

/**
 * Under the studio library and the radio's recordings: the storage figure while the plan allows offline (else, with
 * `upgrade`, the way to a plan that does), and the plan re-checked on load and reconnect (what was kept goes, with a
 * notice, once it no longer does).
 */
export function OfflineStorage({ userId, upgrade = false }: { userId: string | null; upgrade?: boolean }) {
  const { allowed, entitlements, items } = useOfflineAccess(userId);
  if (userId && entitlements.isLoading) return null;
  if (!allowed) return upgrade ? <UpgradeNote /> : null;
  if (!offlineSupported()) return null;
  return <StorageFigure keptCount={items.data?.length ?? 0} />;
}

export default OfflineStorage;
