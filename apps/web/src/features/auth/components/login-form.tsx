import { TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { newPasswordProblems } from '../new-password';
import { useAuth } from './auth-provider';
import { EmailField } from './email-field';
import { AuthFormFrame, useAuthFormFeedback, type AuthFormVariant } from './auth-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { linkButton } from './form-styles';

interface LoginValues {
  email: string;
  password: string;
}

/** On /auth: both fields filled in (the server judges the rest). */
export const loginSchema: FormSchema<LoginValues> = ({ email, password }) => (!email.trim() || !password ? { email: 'auth.validation.fillAll' } : {});

/** In the dialog the browser checks that both are filled in; the password also has the new-password length. */
const dialogLoginSchema: FormSchema<LoginValues> = ({ password }) => {
  const problem = newPasswordProblems({ password, confirmPassword: password }).password;
  return problem ? { password: problem } : {};
};

const variants = {
  page: { schema: loginSchema, submit: 'auth.login.submit', busy: 'auth.login.busy' },
  dialog: { schema: dialogLoginSchema, submit: 'auth.dialog.submitLogin', busy: 'auth.dialog.busy' },
} satisfies Record<AuthFormVariant, { schema: FormSchema<LoginValues>; submit: MessageId; busy: MessageId }>;

export interface LoginFormProps {
  /** Prefilled after a registration on the other tab. */
  initialEmail?: string;
  /** The /auth tab (the default) or the auth dialog: the product gives each its own labels and way of reporting. */
  variant?: AuthFormVariant;
  /** After a successful sign-in (the dialog closes; /auth redirects the signed-in user by itself). */
  onSignedIn?: () => void;
  /** Below the submit button (the dialog's switch to registration), given whether the form is busy. */
  footer?: (busy: boolean) => ReactNode;
}

/**
 * Signing in with email and password, on /auth and in the auth dialog: no call while the form's rules fail; a
 * refused sign-in is explained (and an unconfirmed address gets the resend offer).
 */
export function LoginForm({ initialEmail = '', variant = 'page', onSignedIn, footer }: LoginFormProps) {
  const t = useT();
  const { signInWithPassword } = useAuth();
  const { show } = useToast();
  const feedback = useAuthFormFeedback<keyof LoginValues>(variant);
  const texts = variants[variant];
  const dialog = variant === 'dialog';
  const { register, handleSubmit, getValues, setError, formState } = useForm<LoginValues>({
    resolver: schemaResolver(texts.schema),
    defaultValues: { email: initialEmail, password: '' },
  });
  const [forgotOpen, setForgotOpen] = useState(false);
  // Held until the page redirects the signed-in user, so the button cannot send the same sign-in twice.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  const submit = handleSubmit(
    async ({ email, password }) => {
      const address = email.trim();
      try {
        await signInWithPassword(address, password);
        show({ tone: 'success', title: t('auth.toast.welcome') });
        onSignedIn?.();
      } catch (error) {
        feedback.refused(error, 'login', address);
        setError('root.server', { type: 'server' }); // a refused submit is not a successful one: the button comes back
      }
    },
    (errors) => feedback.report(t(firstProblem(errors) ?? 'auth.validation.fillAll'), errors.password ? 'password' : undefined),
  );

  if (forgotOpen) return <ForgotPasswordForm initialEmail={getValues('email').trim()} onBack={() => setForgotOpen(false)} />;

  return (
    <AuthFormFrame
      feedback={feedback.frame}
      label={t('auth.tab.login')}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      submit={{ idle: t(texts.submit), busy: t(texts.busy) }}
      fields={
        <>
          <EmailField
            placeholder={dialog ? undefined : t('auth.field.emailPlaceholder')}
            {...(dialog ? { required: true } : { 'aria-required': 'true' })}
            // Inside a modal the first field is where the user starts typing.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={dialog}
            {...register('email')}
          />
          <TextField
            label={t('auth.field.password')}
            type="password"
            autoComplete="current-password"
            {...(dialog ? { required: true, minLength: PASSWORD_MIN_LENGTH } : { 'aria-required': 'true' })}
            {...feedback.fieldProps('password')}
            {...register('password')}
          />
        </>
      }
    >
      {dialog ? null : (
        <button type="button" css={linkButton} onClick={() => setForgotOpen(true)}>
          {t('auth.forgot.link')}
        </button>
      )}
      {footer?.(busy)}
    </AuthFormFrame>
  );
}
