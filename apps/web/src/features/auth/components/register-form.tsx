import { Button, TextField, useToast } from '@grouarock/ui';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { useAuth } from './auth-provider';
import { formStack } from './form-styles';
import { EmailField } from './email-field';
import { NewPasswordFields } from './new-password-fields';

export interface RegisterFormProps {
  /** Called with the address once the account exists (its confirmation mail is on the way). */
  onRegistered: (email: string) => void;
}

/**
 * The /auth "Rejestracja" tab. Checks, as toasts and before any call: email, password and username filled in,
 * the two passwords equal, the password at least 6 characters.
 */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const t = useT();
  const { signUp } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const name = username.trim();
    const problem = !address || !password || !name
      ? 'auth.validation.fillRequired'
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
      await signUp(address, password, name);
      show({ tone: 'success', title: t('auth.toast.signupSuccess') });
      onRegistered(address);
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'signup') });
      setBusy(false);
    }
  }

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('auth.tab.register')}>
      <TextField
        label={t('auth.field.username')}
        name="username"
        autoComplete="username"
        aria-required="true"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <EmailField placeholder={t('auth.field.emailPlaceholder')} aria-required="true" value={email} onValueChange={setEmail} />
      <NewPasswordFields
        labels={{ password: t('auth.field.password'), confirm: t('auth.field.confirmPassword') }}
        password={password}
        confirm={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirmPassword}
        confirmRequired={false}
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.register.busy') : t('auth.register.submit')}
      </Button>
    </form>
  );
}
