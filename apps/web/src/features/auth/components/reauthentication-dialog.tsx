import { css, type Theme } from '@emotion/react';
import { Button, Dialog, TextField } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import type { ReauthenticationProof } from '../api/auth-api';
import { useAuthErrorText } from '../auth-messages';
import { isPasskeyDismissal, passkeyAssertion } from '../passkey';
import { useAuth } from './auth-provider';
import { alertBox, formStack, linkButton, mutedText } from './form-styles';
import { APP_CODE_LENGTH } from './second-factor-step';

/** The ways to confirm it is you, as the dialog offers them. */
export type ReauthenticationMethod = 'password' | 'app' | 'recovery' | 'passkey' | 'email_code';

/** The server's factors (in its order: password, totp, recovery, passkey, email_code), as the dialog's methods. */
const methodOf: Record<string, ReauthenticationMethod> = { password: 'password', totp: 'app', recovery: 'recovery', passkey: 'passkey', email_code: 'email_code' };

export function methodsFor(factors: readonly string[]): ReauthenticationMethod[] {
  return [...new Set(factors.flatMap((factor) => (methodOf[factor] ? [methodOf[factor]] : [])))];
}

const switchTo: Record<ReauthenticationMethod, MessageId> = {
  password: 'auth.reauth.usePassword',
  app: 'auth.mfa.useApp',
  recovery: 'auth.mfa.useRecovery',
  passkey: 'auth.mfa.usePasskey',
  email_code: 'auth.reauth.sendCode',
};

/** The field of the methods that have one. */
const fieldLabel: Record<Exclude<ReauthenticationMethod, 'passkey'>, MessageId> = {
  password: 'auth.field.password',
  app: 'auth.mfa.codeLabel',
  recovery: 'auth.mfa.recoveryLabel',
  email_code: 'auth.reauth.emailCodeLabel',
};

const actions = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space[3]};
`;

const others = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
`;

export interface ReauthenticationDialogProps {
  open: boolean;
  /** The ways this account can confirm it is its owner (the 401's factors). */
  factors: readonly string[];
  /** Confirmed: the session's new access token. */
  onConfirmed: (accessToken: string) => void;
  /** Closed (Escape, the ×, "Anuluj") without confirming. */
  onCancel: () => void;
}

/**
 * "Potwierdź, że to Ty": the account's password, a code of its app or a recovery code, one of its passkeys, or (an account
 * with none of those) a code mailed to it. The page under it stays as it was; once confirmed, the session goes on with the
 * new token and what the person was doing is finished for them.
 */
export function ReauthenticationDialog({ open, factors, onConfirmed, onCancel }: ReauthenticationDialogProps) {
  const t = useT();
  const methods = methodsFor(factors);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t('auth.reauth.title')}
      description={t('auth.reauth.text')}
      closeLabel={t('auth.dialog.close')}
      size="sm"
    >
      {methods.length ? <ReauthenticationForm methods={methods} onConfirmed={onConfirmed} onCancel={onCancel} /> : <NoWay onCancel={onCancel} />}
    </Dialog>
  );
}

function NoWay({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  return (
    <div css={formStack}>
      <p css={mutedText}>{t('auth.reauth.noFactors')}</p>
      <div css={actions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('auth.reauth.cancel')}
        </Button>
      </div>
    </div>
  );
}

function ReauthenticationForm({ methods, onConfirmed, onCancel }: { methods: ReauthenticationMethod[]; onConfirmed: (accessToken: string) => void; onCancel: () => void }) {
  const t = useT();
  const errorText = useAuthErrorText();
  const { session, confirmIdentity, passkeyOptions, sendReauthenticationCode } = useAuth();
  const [method, setMethod] = useState(methods[0]);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const sixDigits = method === 'app' || method === 'email_code';
  const field = method === 'passkey' || (method === 'email_code' && !codeSent) ? null : method;

  const explain = (error: unknown): string => {
    if (error instanceof ApiError && error.code === 'invalid_credentials') return t('auth.error.wrongPassword');
    if (!(error instanceof ApiError) && method === 'passkey') return t('auth.passkey.failed');
    return errorText(error, 'request');
  };

  /** One try (a proof, a passkey, a mailed code); a failure is said next to the field, which keeps the focus. */
  const { run: attempt, running: busy } = useAsyncAction(async (work: () => Promise<void>, { keep }: { keep: boolean }) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      if (isPasskeyDismissal(error)) return;
      setProblem(explain(error));
      if (!keep) setValue('');
      input.current?.focus();
    }
  });


  const confirm = async (proof: ReauthenticationProof) => onConfirmed((await confirmIdentity(proof)).accessToken);

  const submit = (typed: string) => {
    const trimmed = method === 'password' ? typed : typed.trim();
    if (!trimmed) return setProblem(t(method === 'password' ? 'auth.validation.fillRequired' : 'auth.mfa.codeRequired'));
    if (sixDigits && trimmed.length !== APP_CODE_LENGTH) return setProblem(t('auth.mfa.codeLength'));
    const proof: ReauthenticationProof = method === 'password' ? { password: trimmed } : method === 'email_code' ? { email_code: trimmed } : { code: trimmed };
    void attempt(() => confirm(proof), { keep: method === 'recovery' });
  };

  const confirmWithPasskey = () =>
    void attempt(
      async () => {
        const { challenge_id, options } = await passkeyOptions();
        const credential = await passkeyAssertion(options);
        await confirm({ passkey: { challenge_id, credential } });
      },
      { keep: true },
    );

  const sendCode = () =>
    void attempt(
      async () => {
        await sendReauthenticationCode();
        setCodeSent(true);
      },
      { keep: false },
    );

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = sixDigits ? event.target.value.replace(/\D/g, '').slice(0, APP_CODE_LENGTH) : event.target.value;
    setValue(typed);
    if (sixDigits && typed.length === APP_CODE_LENGTH) submit(typed);
  };

  const choose = (next: ReauthenticationMethod) => {
    setMethod(next);
    setValue('');
    setProblem(null);
    setCodeSent(false);
  };

  return (
    <form
      css={formStack}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (field) submit(value);
        else if (method === 'passkey') confirmWithPasskey();
        else sendCode();
      }}
    >
      {method === 'passkey' ? <p css={mutedText}>{t('auth.reauth.passkeyText')}</p> : null}
      {method === 'app' ? <p css={mutedText}>{t('auth.mfa.text')}</p> : null}
      {method === 'recovery' ? <p css={mutedText}>{t('auth.mfa.recoveryText')}</p> : null}
      {method === 'email_code' ? (
        <p css={mutedText} aria-live="polite">
          {codeSent ? t('auth.reauth.codeSent', { email: session?.user.email ?? '' }) : t('auth.reauth.emailCodeText')}
        </p>
      ) : null}
      {field ? (
        <TextField
          key={method}
          ref={input}
          label={t(fieldLabel[field])}
          type={method === 'password' ? 'password' : 'text'}
          value={value}
          onChange={change}
          readOnly={busy}
          aria-required="true"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          // The dialog opened to ask for exactly this.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...(method === 'password'
            ? { name: 'password', autoComplete: 'current-password' }
            : sixDigits
              ? { name: 'otp', inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9]*', maxLength: APP_CODE_LENGTH }
              : { name: 'recovery-code', autoComplete: 'off', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false })}
        />
      ) : null}
      {problem ? (
        <p id={problemId} role="alert" css={alertBox}>
          {problem}
        </p>
      ) : null}
      <div css={actions}>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('auth.reauth.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {busy
            ? t(method === 'email_code' && !codeSent ? 'auth.reauth.sending' : method === 'passkey' ? 'auth.passkey.busy' : 'auth.mfa.busy')
            : t(method === 'passkey' ? 'auth.reauth.passkeySubmit' : method === 'email_code' && !codeSent ? 'auth.reauth.sendCode' : 'auth.reauth.submit')}
        </Button>
      </div>
      {method === 'email_code' && codeSent ? (
        <button type="button" css={linkButton} onClick={sendCode} disabled={busy}>
          {t('auth.reauth.resend')}
        </button>
      ) : null}
      {methods.length > 1 ? (
        <div css={others}>
          {methods
            .filter((other) => other !== method)
            .map((other) => (
              <button key={other} type="button" css={linkButton} onClick={() => choose(other)} disabled={busy}>
                {t(switchTo[other])}
              </button>
            ))}
        </div>
      ) : null}
    </form>
  );
}
