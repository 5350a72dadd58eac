import { css, type Theme } from '@emotion/react';
import { Button, Dialog, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import type { AuthDialogMode } from '../atoms';
import { isAuthErrorCode, useAuthErrorText } from '../auth-messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { newPasswordProblems, type NewPasswordValues } from '../new-password';
import { useAuth } from './auth-provider';
import { EmailNotConfirmed } from './email-not-confirmed';
import { formStack, linkButton } from './form-styles';

const alert = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.accentText};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.errorTint};
  color: ${theme.colors.text};
`;

const toggle = css`
  align-self: center;
`;

export interface AuthDialogProps {
  open: boolean;
  mode: AuthDialogMode;
  onOpenChange: (open: boolean) => void;
  onModeChange: (mode: AuthDialogMode) => void;
}

interface Fields extends NewPasswordValues {
  username: string;
  email: string;
}

const empty: Fields = { username: '', email: '', password: '', confirmPassword: '' };

type Problem = { field: 'password' | 'confirmPassword' | null; text: string };

/**
 * The browser checks that every field is filled in; then the new-password rules (a sign-in only has the length
 * rule). The dialog says a mismatch in its own words.
 */
const dialogSchema =
  (register: boolean): FormSchema<Fields> =>
  (values) => {
    const { confirmPassword, password } = newPasswordProblems(register ? values : { ...values, confirmPassword: values.password });
    if (confirmPassword) return { confirmPassword: 'auth.dialog.passwordsMismatch' };
    return password ? { password } : {};
  };

/**
 * The sign-in / sign-up modal that pages open when an action needs an account (useAuthDialog). All fields are
 * required (the browser checks them, with an email field and 6-character passwords). While busy every field and
 * the mode toggle are disabled; on success it closes and forgets the values; on failure it stays open with the
 * values kept and says what went wrong inside the dialog.
 */
export function AuthDialog({ open, mode, onOpenChange, onModeChange }: AuthDialogProps) {
  const t = useT();
  const { signInWithPassword, signUp } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const formId = useId();
  const errorId = useId();
  const register = mode === 'register';
  const form = useForm<Fields>({ resolver: schemaResolver(dialogSchema(register)), defaultValues: empty });
  const busy = form.formState.isSubmitting;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async (fields) => {
      const email = fields.email.trim();
      try {
        if (register) {
          await signUp(email, fields.password, fields.username.trim());
          show({ tone: 'success', title: t('auth.toast.signupSuccess') });
        } else {
          await signInWithPassword(email, fields.password);
          show({ tone: 'success', title: t('auth.toast.welcome') });
        }
        form.reset(empty);
        onOpenChange(false);
      } catch (error) {
        setProblem({ field: null, text: errorText(error, register ? 'signup' : 'login') });
        if (isAuthErrorCode(error, 'email_not_confirmed')) setUnconfirmedEmail(email);
      }
    },
    (errors) => {
      const field = errors.confirmPassword ? 'confirmPassword' : 'password';
      setProblem({ field, text: t(firstProblem(errors) as MessageId) });
    },
  );

  function switchMode() {
    setProblem(null);
    setUnconfirmedEmail(null);
    onModeChange(register ? 'login' : 'register');
  }

  const describedBy = (field: Problem['field']) => (problem && problem.field === field ? errorId : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(register ? 'auth.dialog.registerTitle' : 'auth.dialog.loginTitle')}
      closeLabel={t('auth.dialog.close')}
      size="sm"
    >
      <form
        id={formId}
        css={formStack}
        onSubmit={(event) => {
          setProblem(null);
          setUnconfirmedEmail(null);
          void submit(event);
        }}
        aria-describedby={problem ? errorId : undefined}
      >
        <fieldset css={formStack} disabled={busy}>
          {register ? (
            <TextField
              label={t('auth.field.username')}
              autoComplete="username"
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              {...form.register('username')}
            />
          ) : null}
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            required
            // Inside a modal the first field is where the user starts typing.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!register}
            {...form.register('email')}
          />
          <TextField
            label={t('auth.field.password')}
            type="password"
            autoComplete={register ? 'new-password' : 'current-password'}
            required
            minLength={PASSWORD_MIN_LENGTH}
            aria-invalid={problem?.field === 'password' || undefined}
            aria-describedby={describedBy('password')}
            {...form.register('password')}
          />
          {register ? (
            <TextField
              label={t('auth.field.confirmPassword')}
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              aria-invalid={problem?.field === 'confirmPassword' || undefined}
              aria-describedby={describedBy('confirmPassword')}
              {...form.register('confirmPassword')}
            />
          ) : null}
        </fieldset>
        {problem ? (
          <p id={errorId} role="alert" css={alert}>
            {problem.text}
          </p>
        ) : null}
        {unconfirmedEmail ? <EmailNotConfirmed email={unconfirmedEmail} /> : null}
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {busy ? t('auth.dialog.busy') : t(register ? 'auth.dialog.submitRegister' : 'auth.dialog.submitLogin')}
        </Button>
        <button type="button" css={[linkButton, toggle]} onClick={switchMode} disabled={busy}>
          {t(register ? 'auth.dialog.toLogin' : 'auth.dialog.toRegister')}
        </button>
      </form>
    </Dialog>
  );
}
