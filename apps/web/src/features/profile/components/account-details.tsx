import {  css, type Theme } from '@emotion/react';
import { Badge, Panel } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import type { AuthUser, OAuthProvider } from '../../auth';

const providerNames: Record<OAuthProvider, MessageId> = {
  google: 'auth.social.google',
  facebook: 'auth.social.facebook',
  github: 'auth.social.github',
};

const list = (theme: Theme) => css`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${theme.space[3]} ${theme.space[5]};
  margin: 0;

  ${theme.mq.below('sm')} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.space[1]};

    & dd {
      margin-bottom: ${theme.space[3]};
    }
  }
`;

const term = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
`;

const value = css`
  margin: 0;
  overflow-wrap: anywhere;
`;

/** What the account is: email and whether it is confirmed, guest or full, linked providers, creation date. */
export function AccountDetails({ user }: { user: AuthUser }) {
  const t = useT();
  const intl = useIntl();
  const providers = user.providers.map((p) => t(providerNames[p])).join(', ');

  return (
    <Panel title={t('profile.account.title')}>
      <dl css={list}>
        <dt css={term}>{t('profile.account.email')}</dt>
        <dd css={value}>{user.email ?? t('profile.account.noEmail')}</dd>
        {user.email ? (
          <>
            <dt css={term}>{t('profile.account.emailStatus')}</dt>
            <dd css={value}>
              <Badge tone={user.email_confirmed_at ? 'secondary' : 'neutral'}>
                {t(user.email_confirmed_at ? 'profile.account.confirmed' : 'profile.account.unconfirmed')}
              </Badge>
            </dd>
          </>
        ) : null}
        <dt css={term}>{t('profile.account.type')}</dt>
        <dd css={value}>{t(user.is_anonymous ? 'profile.account.guest' : 'profile.account.full')}</dd>
        <dt css={term}>{t('profile.account.providers')}</dt>
        <dd css={value}>{providers || t('profile.account.noProviders')}</dd>
        <dt css={term}>{t('profile.account.created')}</dt>
        <dd css={value}>
          <time dateTime={user.created_at}>{intl.formatDate(user.created_at, { dateStyle: 'long' })}</time>
        </dd>
      </dl>
    </Panel>
  );
}
