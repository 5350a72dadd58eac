import { Button, Card } from '@grouarock/ui';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { useSignOut } from '../../auth';
import { actions, muted, sectionHeading } from './profile-styles';

/** Ends every session of the account (POST /auth/logout?scope=global), this one included. */
export function SignOutEverywhere() {
  const t = useT();
  const headingId = useId();
  const { signOut, busy } = useSignOut();
  return (
    <Card as="section" padding="lg" aria-labelledby={headingId}>
      <h2 id={headingId} css={sectionHeading}>
        {t('profile.sessions.title')}
      </h2>
      <p css={muted}>{t('profile.sessions.text')}</p>
      <div css={actions}>
        <Button variant="danger" loading={busy} onClick={() => void signOut('global')}>
          {busy ? t('profile.sessions.busy') : t('profile.sessions.logoutAll')}
        </Button>
      </div>
    </Card>
  );
}
