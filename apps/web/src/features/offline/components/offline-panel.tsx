import { css, type Theme } from '@emotion/react';
import { Badge, Button, Card, Spinner } from '@grouarock/ui';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth } from '../../auth';
import { formatBytes } from '../format-bytes';
import { offlineSupported, type OfflineItem } from '../offline-store';
import { useOfflineAccess, useOfflineActions } from '../use-offline';
import { StorageFigure } from './offline-storage';
import { muted, row } from '../../../lib/panel-styles';
import { UpgradeNote } from './upgrade-note';

const stack = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  min-width: 0;
`;

const list = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  audio {
    width: 100%;
  }
`;

function KeptItem({ item, owner }: { item: OfflineItem; owner: string }) {
  const t = useT();
  const intl = useIntl();
  const { forget } = useOfflineActions(owner);
  const { run, running } = useAsyncAction(() => forget(item));
  return (
    <li css={stack} data-testid="offline-item">
      <div css={row}>
        <strong>{item.title}</strong>
        <Badge>{t('offline.available')}</Badge>
      </div>
      <p css={muted}>{t('offline.item.meta', { kind: t(item.kind === 'studio' ? 'offline.kind.studio' : 'offline.kind.recording'), size: formatBytes(intl, item.size) })}</p>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- music and radio recordings: there are no words to caption */}
      <audio controls preload="none" src={item.url} aria-label={t('offline.item.play', { title: item.title })} />
      <div css={row}>
        <Button size="sm" variant="ghost" disabled={running} onClick={() => void run()}>
          {t('offline.remove')}
        </Button>
      </div>
    </li>
  );
}

function KeptList({ userId }: { userId: string }) {
  const t = useT();
  const { allowed, entitlements, items } = useOfflineAccess(userId);
  if (entitlements.isLoading) return <Spinner label={t('offline.checking')} size="sm" />;
  if (!allowed) return <UpgradeNote />;
  if (!offlineSupported()) return <p css={muted}>{t('offline.unsupported')}</p>;
  if (items.error) return <p css={muted}>{t('offline.panel.error')}</p>;
  if (!items.data) return <Spinner label={t('offline.checking')} size="sm" />;
  return (
    <>
      <StorageFigure keptCount={items.data.length} />
      {items.data.length === 0 ? (
        <p css={muted}>{t('offline.panel.empty')}</p>
      ) : (
        <ul css={list} aria-label={t('offline.panel.title')}>
          {items.data.map((item) => (
            <KeptItem key={`${item.kind}-${item.id}`} item={item} owner={userId} />
          ))}
        </ul>
      )}
    </>
  );
}

/** /profile's "Słuchanie offline": what this browser keeps for the account, playable without the internet. */
export function OfflinePanel() {
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Card as="section" aria-labelledby="offline-heading" data-testid="offline-panel">
      <div css={stack}>
        <h2 id="offline-heading" css={(theme: Theme) => css`margin: 0; font-size: ${theme.fontSizes.lg};`}>
          {t('offline.panel.title')}
        </h2>
        <p css={muted}>{t('offline.panel.lead')}</p>
        <KeptList userId={user.id} />
      </div>
    </Card>
  );
}

export default OfflinePanel;
