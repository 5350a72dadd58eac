import { css, type Theme } from '@emotion/react';
import { Button, Dialog, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import type { AuthDialogMode } from '../atoms';
import { isAuthErrorCode, useAuthErrorText } from '../auth-messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
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

interface Fields {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const empty: Fields = { username: '', email: '', password: '', confirmPassword: '' };

type Problem = { field: 'password' | 'confirmPassword' | null; text: string };

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
  const [fields, setFields] = useState<Fields>(empty);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const register = mode === 'register';

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function fail(field: Problem['field'], id: MessageId) {
    setProblem({ field, text: t(id) });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setUnconfirmedEmail(null);
    const email = fields.email.trim();
    if (register && fields.password !== fields.confirmPassword) return fail('confirmPassword', 'auth.dialog.passwordsMismatch');
    if (fields.password.length < PASSWORD_MIN_LENGTH) return fail('password', 'auth.validation.passwordTooShort');

    setBusy(true);
    try {
      if (register) {
        await signUp(email, fields.password, fields.username.trim());
        show({ tone: 'success', title: t('auth.toast.signupSuccess') });
      } else {
        await signInWithPassword(email, fields.password);
        show({ tone: 'success', title: t('auth.toast.welcome') });
      }
      setFields(empty);
      onOpenChange(false);
    } catch (error) {
      setProblem({ field: null, text: errorText(error, register ? 'signup' : 'login') });
      if (isAuthErrorCode(error, 'email_not_confirmed')) setUnconfirmedEmail(email);
    } finally {
      setBusy(false);
    }
  }

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
        onSubmit={(event) => void submit(event)}
        aria-describedby={problem ? errorId : undefined}
      >
        <fieldset css={formStack} disabled={busy}>
          {register ? (
            <TextField
              label={t('auth.field.username')}
              name="username"
              autoComplete="username"
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              value={fields.username}
              onChange={set('username')}
            />
          ) : null}
          <TextField
            label={t('auth.field.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            // Inside a modal the first field is where the user starts typing.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!register}
            value={fields.email}
            onChange={set('email')}
          />
          <TextField
            label={t('auth.field.password')}
            type="password"
            name="password"
            autoComplete={register ? 'new-password' : 'current-password'}
            required
            minLength={PASSWORD_MIN_LENGTH}
            aria-invalid={problem?.field === 'password' || undefined}
            aria-describedby={describedBy('password')}
            value={fields.password}
            onChange={set('password')}
          />
          {register ? (
            <TextField
              label={t('auth.field.confirmPassword')}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              aria-invalid={problem?.field === 'confirmPassword' || undefined}
              aria-describedby={describedBy('confirmPassword')}
              value={fields.confirmPassword}
              onChange={set('confirmPassword')}
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
