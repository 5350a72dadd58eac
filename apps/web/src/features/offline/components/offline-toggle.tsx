import { Badge, Button } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import type { OfflineKind } from '../offline-keys';
import { offlineSupported } from '../offline-store';
import { useOfflineActions } from '../use-offline';
import { useOfflineItems } from '../use-offline-source';
import { useEntitlements } from '../../subscription';
import { muted, row } from '../../../lib/panel-styles';
import { UpgradeNote } from './upgrade-note';

export interface OfflineToggleProps {
  /** The signed-in account, or null. */
  owner: string | null;
  kind: OfflineKind;
  id: string;
  title: string;
  /** The file's body, fetched when the user keeps it. */
  load: () => Promise<Blob>;
  /** Where the plan has no offline: the way to one here (the default), or nothing when the list says it once. */
  upgrade?: boolean;
}

function Toggle({ owner, kind, id, title, load }: OfflineToggleProps & { owner: string }) {
  const t = useT();
  const kept = useOfflineItems(owner).data?.some((item) => item.kind === kind && item.id === id) ?? false;
  const { keep, forget } = useOfflineActions(owner);
  const { run, running } = useAsyncAction((work: () => Promise<void>) => work());
  if (kept) {
    return (
      <div css={row} data-testid="offline-kept">
        <Badge>{t('offline.available')}</Badge>
        <Button size="sm" variant="ghost" disabled={running} onClick={() => void run(() => forget({ kind, id, title }))}>
          {t('offline.remove')}
        </Button>
      </div>
    );
  }
  return (
    <Button size="sm" variant="secondary" loading={running} onClick={() => void run(() => keep({ kind, id, title }, load))}>
      {running ? t('offline.keeping') : t('offline.keep')}
    </Button>
  );
}

/**
 * "Zachowaj offline" for one file, as the plan allows it: keep or remove it (with its "dostępne offline" state) on a
 * paid plan, the way to a plan that has it otherwise (never hidden: here, or once for the whole list).
 */
export function OfflineToggle({ upgrade = true, ...props }: OfflineToggleProps) {
  const t = useT();
  const entitlements = useEntitlements(props.owner);
  if (props.owner && entitlements.isLoading) return null;
  if (!props.owner || entitlements.data?.limits.offline !== true) return upgrade ? <UpgradeNote /> : null;
  if (!offlineSupported()) return <p css={muted}>{t('offline.unsupported')}</p>;
  return <Toggle {...props} owner={props.owner} />;
}
