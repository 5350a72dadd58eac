import { css, type Theme } from '@emotion/react';
import { Button, displayHeading, useToast } from '@grouarock/ui';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { useAuth } from './auth-provider';
import { formStack, linkButton, mutedText } from './form-styles';
import { NewPasswordFields } from './new-password-fields';

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['3xl']};
`;

export interface RecoveryFormProps {
  /** The token from the recovery mail's link (`/auth?recovery_token=…`). */
  recoveryToken: string;
  /** Leaves the form for the normal sign-in (e.g. after an expired link). */
  onCancel: () => void;
}

/** "Set a new password" after the recovery mail: on success the user is signed in (PASSWORD_RECOVERY). */
export function RecoveryForm({ recoveryToken, onCancel }: RecoveryFormProps) {
  const t = useT();
  const { resetPassword } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const navigate = useNavigate();
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = !password
      ? 'auth.validation.fillAll'
      : password !== confirmPassword
        ? 'auth.validation.passwordsMismatch'
        : password.length < PASSWORD_MIN_LENGTH
          ? 'auth.validation.passwordTooShort'
          : null;
    if (problem) {
      show({ tone: 'error', title: t(problem) });
      return;
    }
    setBusy(true);
    try {
      await resetPassword(recoveryToken, password);
      show({ tone: 'success', title: t('auth.recovery.success') });
      void navigate('/', { replace: true });
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'recovery') });
      setBusy(false);
    }
  }

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h1 id={headingId} css={heading}>
        {t('auth.recovery.title')}
      </h1>
      <p css={mutedText}>{t('auth.recovery.text')}</p>
      <NewPasswordFields
        labels={{ password: t('auth.recovery.password'), confirm: t('auth.recovery.confirm') }}
        password={password}
        confirm={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirmPassword}
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.recovery.busy') : t('auth.recovery.submit')}
      </Button>
      <button type="button" css={linkButton} onClick={onCancel} disabled={busy}>
        {t('auth.forgot.back')}
      </button>
    </form>
  );
}
