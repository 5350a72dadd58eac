import { css, type Theme } from '@emotion/react';
import { TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api';
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
import { PasskeySignInButton, usePasskeyAutofill, usePasskeyErrorText } from './passkey-sign-in';
import { SecondFactorStep, type SecondFactorChallenge } from './second-factor-step';

const passkeyRow = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[4]};
`;

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
  /**
   * A sign-in that needs its second factor (the authenticator app is on): /auth shows the step in place of its tabs.
   * Without it the form shows the step in its own place (the dialog).
   */
  onSecondFactor?: (challenge: SecondFactorChallenge, email: string) => void;
}

/** The second step a refused sign-in asks for (403 mfa_required), or null. */
export function secondFactorChallenge(error: unknown): SecondFactorChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 'mfa_required' || !error.details.mfaToken) return null;
  return { mfaToken: error.details.mfaToken, factors: error.details.factors };
}

/**
 * Signing in with email and password, on /auth and in the auth dialog: no call while the form's rules fail; a
 * refused sign-in is explained (and an unconfirmed address gets the resend offer); an account with the authenticator
 * app on goes on to the second step. On /auth also with a passkey: the button, and the email field's suggestions.
 */
export function LoginForm({ initialEmail = '', variant = 'page', onSignedIn, footer, onSecondFactor }: LoginFormProps) {
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
  const [secondStep, setSecondStep] = useState<SecondFactorChallenge | null>(null);
  // Bumped when a passkey prompt ends without a sign-in: the email field offers passkeys again.
  const [autofillRun, setAutofillRun] = useState(0);
  const passkeyProblem = usePasskeyErrorText();
  // Held until the page redirects the signed-in user, so the button cannot send the same sign-in twice.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  const welcome = () => {
    show({ tone: 'success', title: t('auth.toast.welcome') });
    onSignedIn?.();
  };

  usePasskeyAutofill({
    enabled: !dialog && !forgotOpen && !secondStep,
    restart: autofillRun,
    onSignedIn: welcome,
    onFailure: (error) => feedback.report(passkeyProblem(error) ?? t('auth.passkey.failed')),
  });

  const submit = handleSubmit(
    async ({ email, password }) => {
      const address = email.trim();
      try {
        await signInWithPassword(address, password);
        welcome();
      } catch (error) {
        setError('root.server', { type: 'server' }); // a refused submit is not a successful one: the button comes back
        const challenge = secondFactorChallenge(error);
        if (!challenge) return feedback.refused(error, 'login', address);
        if (onSecondFactor) onSecondFactor(challenge, address);
        else setSecondStep(challenge);
      }
    },
    (errors) => feedback.report(t(firstProblem(errors) ?? 'auth.validation.fillAll'), errors.password ? 'password' : undefined),
  );

  if (forgotOpen) return <ForgotPasswordForm initialEmail={getValues('email').trim()} onBack={() => setForgotOpen(false)} />;
  if (secondStep) {
    return (
      <SecondFactorStep
        challenge={secondStep}
        onSignedIn={welcome}
        onBack={(expired) => {
          setSecondStep(null);
          if (expired) feedback.report(t('auth.error.mfaExpired'));
        }}
      />
    );
  }

  const form = (
    <AuthFormFrame
      feedback={feedback.frame}
      label={t('auth.tab.login')}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      submit={{ idle: t(texts.submit), busy: t(texts.busy) }}
      fields={
        <>
          <EmailField
            // On /auth the browser's suggestions for this field include the site's passkeys (usePasskeyAutofill).
            autoComplete={dialog ? 'email' : 'username webauthn'}
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
  if (dialog) return form;
  return (
    <>
      {form}
      {/* Beside the form, not in it: a sign-in of its own, with nothing of the form's to send. */}
      <div css={passkeyRow}>
        <PasskeySignInButton onSignedIn={welcome} onEnded={() => setAutofillRun((run) => run + 1)} />
      </div>
    </>
  );
}
