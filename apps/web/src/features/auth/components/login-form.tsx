import { Button, TextField, useToast } from '@grouarock/ui';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { isAuthErrorCode, useAuthErrorText } from '../auth-messages';
import { useAuth } from './auth-provider';
import { EmailNotConfirmed } from './email-not-confirmed';
import { ForgotPasswordForm } from './forgot-password-form';
import { formStack, linkButton } from './form-styles';
import { EmailField } from './email-field';

export interface LoginFormProps {
  /** Prefilled after a registration on the other tab. */
  initialEmail?: string;
}

/** The /auth "Logowanie" tab: email and password, with the spec's toasts; no call while a field is empty. */
export function LoginForm({ initialEmail = '' }: LoginFormProps) {
  const t = useT();
  const { signInWithPassword } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!address || !password) {
      show({ tone: 'error', title: t('auth.validation.fillAll') });
      return;
    }
    setBusy(true);
    setUnconfirmedEmail(null);
    try {
      await signInWithPassword(address, password);
      show({ tone: 'success', title: t('auth.toast.welcome') });
      // The page redirects signed-in users to the home page.
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'login') });
      if (isAuthErrorCode(error, 'email_not_confirmed')) setUnconfirmedEmail(address);
      setBusy(false);
    }
  }

  if (forgotOpen) return <ForgotPasswordForm initialEmail={email.trim()} onBack={() => setForgotOpen(false)} />;

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('auth.tab.login')}>
      <EmailField placeholder={t('auth.field.emailPlaceholder')} aria-required="true" value={email} onValueChange={setEmail} />
      <TextField
        label={t('auth.field.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        aria-required="true"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {unconfirmedEmail ? <EmailNotConfirmed email={unconfirmedEmail} /> : null}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.login.busy') : t('auth.login.submit')}
      </Button>
      <button type="button" css={linkButton} onClick={() => setForgotOpen(true)}>
        {t('auth.forgot.link')}
      </button>
    </form>
  );
}
