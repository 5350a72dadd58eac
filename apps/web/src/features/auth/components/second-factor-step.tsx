import { Button, TextField } from '@grouarock/ui';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { useAuth } from './auth-provider';
import { alertBox, formStack, linkButton, mutedText } from './form-styles';
import { PasskeySignInButton } from './passkey-sign-in';

/** What a sign-in that answered mfa_required hands to its second step. */
export interface SecondFactorChallenge {
  mfaToken: string;
  /** The account's second factors; unknown when the step came through a link (`#mfa_token=`). */
  factors?: readonly string[];
}

/** An app code: six digits. */
export const APP_CODE_LENGTH = 6;

export interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  /** After the sign-in (the page goes on to where the person was headed; the dialog closes). */
  onSignedIn: () => void;
  /** Back to the password form; `expired` when the step ran out of time (5 minutes), which the form then says. */
  onBack: (expired: boolean) => void;
}

/**
 * The second step of a sign-in with the authenticator app on: its 6-digit code (sent as soon as six digits are in), a
 * recovery code instead, or a passkey instead. A wrong code is said next to the field, which keeps the focus for the
 * next try; too many tries say how long to wait; a step that ran out of time goes back to the password form.
 */
export function SecondFactorStep({ challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const t = useT();
  const errorText = useAuthErrorText();
  const { signInWithSecondFactor } = useAuth();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const app = mode === 'app';
  const offersPasskey = challenge.factors === undefined || challenge.factors.includes('passkey');

  const { run: send, running: busy } = useAsyncAction(async (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return setProblem(t('auth.mfa.codeRequired'));
    if (app && trimmed.length !== APP_CODE_LENGTH) return setProblem(t('auth.mfa.codeLength'));
    setProblem(null);
    try {
      await signInWithSecondFactor(challenge.mfaToken, trimmed);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_mfa_token') return onBack(true);
      setProblem(errorText(error, 'login'));
      // A wrong app code is typed anew; a long recovery code is kept, to be corrected.
      if (app) setCode('');
      input.current?.focus();
    }
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const value = app ? event.target.value.replace(/\D/g, '').slice(0, APP_CODE_LENGTH) : event.target.value;
    setCode(value);
    if (app && value.length === APP_CODE_LENGTH) void send(value);
  };

  const switchMode = () => {
    setMode(app ? 'recovery' : 'app');
    setCode('');
    setProblem(null);
    input.current?.focus();
  };

  return (
    <form
      css={formStack}
      aria-label={t('auth.mfa.title')}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send(code);
      }}
    >
      <p css={mutedText}>{t(app ? 'auth.mfa.text' : 'auth.mfa.recoveryText')}</p>
      <TextField
        key={mode}
        ref={input}
        label={t(app ? 'auth.mfa.codeLabel' : 'auth.mfa.recoveryLabel')}
        name={app ? 'otp' : 'recovery-code'}
        value={code}
        onChange={change}
        readOnly={busy}
        aria-required="true"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        // The step shows in place of the form the person just sent: this field is where they go on.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        {...(app
          ? { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9]*', maxLength: APP_CODE_LENGTH }
          : { autoComplete: 'off', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false })}
      />
      {problem ? (
        <p id={problemId} role="alert" css={alertBox}>
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.mfa.busy') : t('auth.mfa.submit')}
      </Button>
      <button type="button" css={linkButton} onClick={switchMode} disabled={busy}>
        {t(app ? 'auth.mfa.useRecovery' : 'auth.mfa.useApp')}
      </button>
      {offersPasskey ? <PasskeySignInButton variant="ghost" label={t('auth.mfa.usePasskey')} onSignedIn={onSignedIn} /> : null}
      <button type="button" css={linkButton} onClick={() => onBack(false)} disabled={busy}>
        {t('auth.mfa.back')}
      </button>
    </form>
  );
}
