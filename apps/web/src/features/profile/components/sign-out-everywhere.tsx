import { Button, Panel } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { useSignOut } from '../../auth';
import { actions, muted } from './profile-styles';

/** Ends every session of the account (POST /auth/logout?scope=global), this one included. */
export function SignOutEverywhere() {
  const t = useT();
  const { signOut, busy } = useSignOut();
  return (
    <Panel title={t('profile.sessions.title')}>
      <p css={muted}>{t('profile.sessions.text')}</p>
      <div css={actions}>
        <Button variant="danger" loading={busy} onClick={() => void signOut('global')}>
          {busy ? t('profile.sessions.busy') : t('profile.sessions.logoutAll')}
        </Button>
      </div>
    </Panel>
  );
}
