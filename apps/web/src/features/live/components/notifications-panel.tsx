import { css, type Theme } from '@emotion/react';
import { Badge, Button, IconButton, LineIcon, useToast } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import { dismissNotificationAtom, markAllReadAtom, markReadAtom, notificationsAtom } from '../atoms';
import { block, muted, row, subheading } from './styles';
import { plainList } from '../../../lib/panel-styles';

const item = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.bg};
`;

const unread = (theme: Theme) => css`
  border-left: 3px solid ${theme.colors.accent};
`;

const message = css`
  flex: 1;
  min-width: 0;
  background: none;
  border: 0;
  padding: 0;
  color: inherit;
  font: inherit;
  text-align: start;
  cursor: pointer;
  overflow-wrap: anywhere;
`;

/** A long label (in a fallback font on a narrow phone) wraps inside its button instead of pushing the page sideways. */
const wraps = css`
  max-width: 100%;
  white-space: normal;
`;

function permission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The local list of "went live" notifications: open one (which reads it), dismiss one, mark all read, allow browser notifications. */
export function NotificationsPanel({ onWatch }: { onWatch: (streamId: string) => void }) {
  const t = useT();
  const intl = useIntl();
  const toast = useToast();
  const notifications = useAtomValue(notificationsAtom);
  const dismiss = useSetAtom(dismissNotificationAtom);
  const markAllRead = useSetAtom(markAllReadAtom);
  const markRead = useSetAtom(markReadAtom);
  const [allowed, setAllowed] = useState(permission);
  const unreadCount = notifications.filter((n) => !n.read).length;

  return (
    // Not a named region: the toasts' region is already "Powiadomienia".
    <div css={block}>
      <h3 css={[subheading, row]}>
        {t('live.notifications.heading')}
        {unreadCount ? <Badge tone="accent">{t('live.notifications.unreadCount', { count: unreadCount })}</Badge> : null}
      </h3>
      <div css={row}>
        <Button
          css={wraps}
          size="sm"
          variant="secondary"
          disabled={!unreadCount}
          onClick={() => {
            markAllRead();
            toast.show({ tone: 'success', title: t('live.toast.read') });
          }}
        >
          {t('live.notifications.markAll')}
        </Button>
        {allowed === 'default' ? (
          <Button css={wraps} size="sm" variant="ghost" onClick={() => void Notification.requestPermission().then(setAllowed)}>
            {t('live.notifications.enable')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {notifications.length === 0 ? (
          <p css={muted}>{t('live.notifications.empty')}</p>
        ) : (
          <ul css={plainList}>
            {notifications.map((n) => (
              <li key={n.id} css={[item, !n.read && unread]}>
                <button
                  type="button"
                  css={message}
                  onClick={() => {
                    markRead(n.id);
                    onWatch(n.streamId);
                  }}
                >
                  {t('live.notifications.message', { name: n.ownerName ?? t('live.card.anonymous'), title: n.title })}{' '}
                  <time css={muted} dateTime={new Date(n.createdAt).toISOString()}>
                    {intl.formatTime(n.createdAt, { hour: '2-digit', minute: '2-digit' })}
                  </time>
                  {n.read ? null : <VisuallyHidden> {t('live.notifications.unread')}</VisuallyHidden>}
                </button>
                <IconButton size="sm" variant="ghost" label={t('live.notifications.dismiss')} onClick={() => dismiss(n.id)}>
                  <LineIcon>
                    <path d="M6 6l12 12M18 6L6 18" />
                  </LineIcon>
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
