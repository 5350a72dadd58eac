import { Button, TextField, useToast } from '@grouarock/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { isAuthErrorCode, useAuthErrorText } from '../auth-messages';
import { useAuth } from './auth-provider';
import { EmailNotConfirmed } from './email-not-confirmed';
import { ForgotPasswordForm } from './forgot-password-form';
import { formStack, linkButton } from './form-styles';
import { EmailField } from './email-field';

interface LoginValues {
  email: string;
  password: string;
}

/** Both fields filled in (the server judges the rest). */
export const loginSchema: FormSchema<LoginValues> = ({ email, password }) => (!email.trim() || !password ? { email: 'auth.validation.fillAll' } : {});

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
  const { register, handleSubmit, getValues, setError, formState } = useForm<LoginValues>({
    resolver: schemaResolver(loginSchema),
    defaultValues: { email: initialEmail, password: '' },
  });
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Held until the page redirects the signed-in user, so the button cannot send the same sign-in twice.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  const submit = handleSubmit(
    async ({ email, password }) => {
      const address = email.trim();
      setUnconfirmedEmail(null);
      try {
        await signInWithPassword(address, password);
        show({ tone: 'success', title: t('auth.toast.welcome') });
        // The page redirects signed-in users to the home page.
      } catch (error) {
        show({ tone: 'error', title: errorText(error, 'login') });
        if (isAuthErrorCode(error, 'email_not_confirmed')) setUnconfirmedEmail(address);
        setError('root.server', { type: 'server' }); // a refused submit is not a successful one: the button comes back
      }
    },
    (errors) => show({ tone: 'error', title: t(firstProblem(errors) ?? 'auth.validation.fillAll') }),
  );

  if (forgotOpen) return <ForgotPasswordForm initialEmail={getValues('email').trim()} onBack={() => setForgotOpen(false)} />;

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('auth.tab.login')}>
      <EmailField placeholder={t('auth.field.emailPlaceholder')} aria-required="true" {...register('email')} />
      <TextField label={t('auth.field.password')} type="password" autoComplete="current-password" aria-required="true" {...register('password')} />
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
