import { css } from '@emotion/react';
import { Page, PageTitle, Spinner, Stack } from '@grouarock/ui';
import { Suspense, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../auth';
import { BetaFeatures } from '../../beta';
import { ApiKeysPanel } from '../../developer';
import { OfflinePanel } from '../../offline';
import { PlaylistsPanel } from '../../playlists';
import { SecuritySection } from '../../security';
import { AccountDetails } from './account-details';
import { DataRightsPanel } from './data-rights-panel';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SubscriptionPanel } from './subscription-panel';
import { UpgradeAccount } from './upgrade-account';

const centered = css`
  display: grid;
  place-items: center;
  min-height: 50vh;
`;

/**
 * /profile: the account, its details and settings; for a full account also its security (passkeys, authenticator app,
 * sessions, security log). Signed-out visitors are sent to /auth.
 */
export function ProfilePage() {
  const t = useT();
  const { status, user, reloadUser } = useAuth();
  const userId = user?.id;

  useDocumentMeta({ title: t('profile.meta.title') }, t('meta.title'));

  // The session carries the user as it was at sign-in; read it fresh (e.g. the email was confirmed since).
  useEffect(() => {
    if (!userId) return;
    reloadUser().catch((error: unknown) => console.warn('Could not reload the user', error));
  }, [userId, reloadUser]);

  if (status === 'loading') {
    return (
      <div css={centered}>
        <Spinner label={t('auth.loading')} size="lg" />
      </div>
    );
  }
  if (status === 'signedOut' || !user) return <Navigate to="/auth" replace />;

  return (
    <Page width="narrow">
      <Stack gap={5}>
        <PageTitle size="md">{t('profile.title')}</PageTitle>
        <AccountDetails user={user} />
        {user.is_anonymous ? (
          <UpgradeAccount />
        ) : (
          <>
            <ProfileForm key={`profile-${user.id}`} user={user} />
            <SubscriptionPanel userId={user.id} />
            <Suspense fallback={null}>
              <PlaylistsPanel placement="profile" />
              <OfflinePanel />
              <BetaFeatures userId={user.id} />
            </Suspense>
            <ApiKeysPanel userId={user.id} />
            <PasswordForm user={user} />
            <SecuritySection user={user} />
            <DataRightsPanel />
          </>
        )}
      </Stack>
    </Page>
  );
}

export default ProfilePage;
