import { css, type Theme } from '@emotion/react';
import { displayHeading, Stack } from '@grouarock/ui';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { AuthUser } from '../../auth';
import { AuthenticatorPanel } from './authenticator-panel';
import { PasskeysPanel } from './passkeys-panel';
import { SecurityLogPanel } from './security-log-panel';
import { SessionsPanel } from './sessions-panel';
import { muted } from './styles';

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['3xl']};
`;

/**
 * /profile's "Bezpieczeństwo" (full accounts): passkeys, the authenticator app and its recovery codes, where the
 * account is signed in, and the security log. Adding or removing a way in asks for a recent sign-in; the auth
 * feature's dialog asks for it and repeats the request.
 */
export function SecuritySection({ user }: { user: AuthUser }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Stack gap={4}>
        <h2 id={headingId} css={heading}>
          {t('security.title')}
        </h2>
        <p css={muted}>{t('security.intro')}</p>
        <PasskeysPanel userId={user.id} />
        <AuthenticatorPanel userId={user.id} account={user.email ?? user.user_metadata.username ?? user.id} />
        <SessionsPanel userId={user.id} />
        <SecurityLogPanel userId={user.id} />
      </Stack>
    </section>
  );
}
