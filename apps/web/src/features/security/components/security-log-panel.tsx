import { Button, Panel, Spinner } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { SECURITY_LOG_PAGE, useSecurityLog, type SecurityEventDto } from '../api/security';
import { logSentence } from './log-sentence';
import { useDateTime } from './relative-time';
import { itemList, meta, muted, row } from './styles';
import { css, type Theme } from '@emotion/react';

const line = (theme: Theme) => css`
  padding-bottom: ${theme.space[2]};
  border-bottom: 1px solid ${theme.colors.border};
`;

function LogLine({ event }: { event: SecurityEventDto }) {
  const t = useT();
  const when = useDateTime();
  const sentence = logSentence(event);
  const from = [event.browser && event.os ? t('security.sessions.browserOn', { browser: event.browser, os: event.os }) : (event.browser ?? event.os), event.ip].filter(Boolean).join(' · ');
  return (
    <li css={line}>
      {t(sentence.id, sentence.values)}
      <p css={meta}>
        <time dateTime={event.created_at}>{when(event.created_at)}</time>
        {from ? ` · ${from}` : ''}
      </p>
    </li>
  );
}

/**
 * /profile's security log: what happened to the account (sign-ins, failed second steps, factors, passkeys, sessions,
 * password, API keys), newest first, each as a sentence with when and from where; twenty lines at a time.
 */
export function SecurityLogPanel({ userId }: { userId: string }) {
  const t = useT();
  const log = useSecurityLog(userId);
  const pages = log.data ?? [];
  const events = pages.flat();
  const last = pages[pages.length - 1];
  const more = last !== undefined && last.length === SECURITY_LOG_PAGE;
  const loadingMore = log.isValidating && log.size > pages.length;

  return (
    <Panel title={t('security.log.title')} headingLevel={3}>
      <p css={muted}>{t('security.log.text')}</p>
      {log.isLoading ? <Spinner label={t('security.log.loading')} /> : null}
      {log.error && !log.isLoading ? (
        <p role="alert">
          {t('security.log.loadError')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void log.mutate()}>
            {t('security.retry')}
          </Button>
        </p>
      ) : null}
      {log.data && events.length === 0 ? <p>{t('security.log.empty')}</p> : null}
      {events.length > 0 ? (
        <ul css={itemList} aria-label={t('security.log.listLabel')}>
          {events.map((event) => (
            <LogLine key={event.id} event={event} />
          ))}
        </ul>
      ) : null}
      {more ? (
        <div css={row}>
          <Button variant="secondary" size="sm" loading={loadingMore} onClick={() => void log.setSize(log.size + 1)}>
            {t('security.log.more')}
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
