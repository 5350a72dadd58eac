import { css } from '@emotion/react';
import { Dialog } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import type { AuthDialogMode } from '../atoms';
import { linkButton } from './form-styles';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const toggle = css`
  align-self: center;
`;

export interface AuthDialogProps {
  open: boolean;
  mode: AuthDialogMode;
  onOpenChange: (open: boolean) => void;
  onModeChange: (mode: AuthDialogMode) => void;
}

/**
 * The sign-in / sign-up modal that pages open when an action needs an account (useAuthDialog): the same login and
 * register forms as /auth, in their dialog variant (the browser checks the fields, problems are said inside the
 * dialog, the fields and the mode toggle are disabled while busy). On success it closes, and the form goes with it;
 * on failure it stays open with the values kept.
 */
export function AuthDialog({ open, mode, onOpenChange, onModeChange }: AuthDialogProps) {
  const t = useT();
  const register = mode === 'register';
  const close = () => onOpenChange(false);
  const footer = (busy: boolean) => (
    <button type="button" css={[linkButton, toggle]} onClick={() => onModeChange(register ? 'login' : 'register')} disabled={busy}>
      {t(register ? 'auth.dialog.toLogin' : 'auth.dialog.toRegister')}
    </button>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(register ? 'auth.dialog.registerTitle' : 'auth.dialog.loginTitle')}
      closeLabel={t('auth.dialog.close')}
      size="sm"
    >
      {register ? <RegisterForm variant="dialog" onRegistered={close} footer={footer} /> : <LoginForm variant="dialog" onSignedIn={close} footer={footer} />}
    </Dialog>
  );
}
