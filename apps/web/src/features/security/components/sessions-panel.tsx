import { Badge, Button, LineIcon, Panel, Spinner, useToast } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useSignOut } from '../../auth';
import { endOneSession, endTheOthers, useSecurityChanged, useSessions, type SessionSummaryDto } from '../api/security';
import { useDateTime, useTimeAgo } from './relative-time';
import { useSecurityErrorText } from './security-errors';
import { item, itemList, meta, muted, row } from './styles';
import { css, type Theme } from '@emotion/react';

const who = (theme: Theme) => css`
  display: flex;
  gap: ${theme.space[3]};
  align-items: flex-start;
  min-width: 0;
`;

const DEVICES = ['desktop', 'mobile', 'tablet', 'tv'] as const;
type Device = (typeof DEVICES)[number] | 'other';
const deviceOf = (device: string | null): Device => (DEVICES as readonly string[]).includes(device ?? '') ? (device as Device) : 'other';

/** A small drawing of the kind of device (its name is said in words next to it). */
function DeviceIcon({ device }: { device: Device }) {
  switch (device) {
    case 'mobile':
      return (
        <LineIcon size={28}>
          <rect x="7" y="2" width="10" height="20" rx="2" />
          <path d="M11 18h2" />
        </LineIcon>
      );
    case 'tablet':
      return (
        <LineIcon size={28}>
          <rect x="4" y="2" width="16" height="20" rx="2" />
          <path d="M11 18h2" />
        </LineIcon>
      );
    case 'tv':
      return (
        <LineIcon size={28}>
          <rect x="2" y="4" width="20" height="13" rx="2" />
          <path d="M8 21h8" />
        </LineIcon>
      );
    case 'desktop':
    case 'other':
      return (
        <LineIcon size={28}>
          <rect x="3" y="4" width="18" height="12" rx="1" />
          <path d="M2 20h20" />
        </LineIcon>
      );
  }
}

/** "Chrome 131 na macOS", or whichever of the two is known. */
function useSessionName(): (session: SessionSummaryDto) => string {
  const t = useT();
  return (session) =>
    session.browser && session.os
      ? t('security.sessions.browserOn', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('security.sessions.unknownBrowser'));
}

function SessionRow({ session, onEnd }: { session: SessionSummaryDto; onEnd: (session: SessionSummaryDto) => Promise<void> }) {
  const t = useT();
  const when = useDateTime();
  const ago = useTimeAgo();
  const nameOf = useSessionName();
  const name = nameOf(session);
  const device = deviceOf(session.device);
  const end = useAsyncAction(() => onEnd(session));
  return (
    <li css={item}>
      <div css={who}>
        <DeviceIcon device={device} />
        <div>
          <strong>{name}</strong>
          {session.current ? (
            <>
              {' '}
              <Badge tone="secondary">{t('security.sessions.current')}</Badge>
            </>
          ) : null}
          {session.aal === 'aal2' ? (
            <>
              {' '}
              <Badge tone="neutral">{t('security.sessions.aal2')}</Badge>
            </>
          ) : null}
          <p css={meta}>
            {t('security.sessions.device', { device })}
            {session.ip ? ` · ${session.ip}` : ''}
          </p>
          <p css={meta}>
            {t('security.sessions.started', { date: when(session.created_at) })}
            {' · '}
            {t('security.sessions.lastActive', { when: ago(session.last_active_at) })}
          </p>
        </div>
      </div>
      <Button
        size="sm"
        variant="secondary"
        loading={end.running}
        aria-label={session.current ? t('security.sessions.endCurrent') : t('security.sessions.endNamed', { name })}
        onClick={() => void end.run()}
      >
        {t('security.sessions.end')}
      </Button>
    </li>
  );
}

/**
 * /profile's sessions: where the account is signed in (browser and system, device, address, when it started and was
 * last active; this one and those that passed the second step marked). "Sign out" ends one (this one: signing out
 * here), "sign out everywhere else" every other, and says how many.
 */
export function SessionsPanel({ userId }: { userId: string }) {
  const t = useT();
  const { show } = useToast();
  const errorText = useSecurityErrorText();
  const changed = useSecurityChanged(userId);
  const sessions = useSessions(userId);
  const { signOut } = useSignOut();
  const nameOf = useSessionName();

  const end = async (session: SessionSummaryDto) => {
    if (session.current) {
      await signOut();
      return;
    }
    try {
      await endOneSession(session.id);
      show({ tone: 'success', title: t('security.sessions.ended', { name: nameOf(session) }) });
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
    }
    await changed();
  };

  const others = useAsyncAction(async () => {
    try {
      show({ tone: 'success', title: t('security.sessions.endedOthers', { count: await endTheOthers() }) });
    } catch (error) {
      show({ tone: 'error', title: errorText(error) });
    }
    await changed();
  });

  // This one first, then the most recently active.
  const list = sessions.data?.toSorted((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.last_active_at) - Date.parse(a.last_active_at));
  const hasOthers = (list ?? []).some((session) => !session.current);
  return (
    <Panel title={t('security.sessions.title')} headingLevel={3}>
      <p css={muted}>{t('security.sessions.text')}</p>
      {sessions.isLoading ? <Spinner label={t('security.sessions.loading')} /> : null}
      {sessions.error && !sessions.isLoading ? (
        <p role="alert">
          {t('security.sessions.loadError')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void sessions.mutate()}>
            {t('security.retry')}
          </Button>
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <ul css={itemList} aria-label={t('security.sessions.listLabel')}>
          {list.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={end} />
          ))}
        </ul>
      ) : null}
      {list ? (
        hasOthers ? (
          <div css={row}>
            <Button variant="danger" loading={others.running} onClick={() => void others.run()}>
              {others.running ? t('security.sessions.endingOthers') : t('security.sessions.endOthers')}
            </Button>
          </div>
        ) : (
          <p css={muted}>{t('security.sessions.onlyThis')}</p>
        )
      ) : null}
    </Panel>
  );
}
