import { css, type Theme } from '@emotion/react';
import { Button, Spinner } from '@grouarock/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useSignOut } from '../use-sign-out';
import { useAuth } from './auth-provider';

// Signed-out visitors (every first visit) never need the menu: it loads once someone is signed in.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

const drawerBox = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
`;

const signedInAs = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};

  & > strong {
    display: block;
    color: ${theme.colors.text};
    font-size: ${theme.fontSizes.md};
    overflow-wrap: anywhere;
  }
`;

/** The header's account corner: a spinner while the session loads, then "Zaloguj się" or the user menu. */
export function HeaderAccount() {
  const t = useT();
  const { status, user } = useAuth();
  const loading = <Spinner label={t('auth.loading')} size="sm" />;
  if (status === 'loading') return loading;
  if (status === 'signedIn' && user) {
    return (
      <Suspense fallback={loading}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Button asChild size="sm">
      <Link to="/auth">{t('header.login')}</Link>
    </Button>
  );
}

/** The same corner in the mobile drawer: the signed-in email with profile and logout, or the login button. */
export function DrawerAccount({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const { status, user } = useAuth();
  const { signOut, busy } = useSignOut();

  if (status === 'loading') return <Spinner label={t('auth.loading')} />;
  if (status !== 'signedIn' || !user) {
    return (
      <Button asChild fullWidth>
        <Link to="/auth" onClick={onNavigate}>
          {t('header.login')}
        </Link>
      </Button>
    );
  }
  return (
    <div css={drawerBox}>
      <p css={signedInAs}>
        {t('userMenu.signedInAs')}
        <strong>{user.is_anonymous || !user.email ? t('userMenu.guest') : user.email}</strong>
      </p>
      <Button asChild variant="ghost" fullWidth>
        <Link to="/profile" onClick={onNavigate}>
          {t('userMenu.profile')}
        </Link>
      </Button>
      <Button
        variant="secondary"
        fullWidth
        loading={busy}
        onClick={() => {
          void signOut().then((done) => done && onNavigate());
        }}
      >
        {t('userMenu.logout')}
      </Button>
    </div>
  );
}
