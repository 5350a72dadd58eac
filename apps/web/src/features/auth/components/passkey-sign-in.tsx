import { Button } from '@grouarock/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useHydrated } from '../../../lib/use-hydrated';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { cancelPasskeyCeremony, isPasskeyDismissal, passkeyAssertion, passkeyAutofillSupported, passkeysSupported } from '../passkey';
import type { Session } from '../session-manager';
import { useAuth } from './auth-provider';
import { alertBox } from './form-styles';

/** A passkey sign-in from start to end: the server's options, the browser's ceremony (prompt or autofill), the session. */
export function usePasskeySignIn(): (options?: { autofill?: boolean }) => Promise<Session> {
  const { passkeyOptions, signInWithPasskey } = useAuth();
  return useCallback(
    async ({ autofill = false } = {}) => {
      const { challenge_id, options } = await passkeyOptions();
      const credential = await passkeyAssertion(options, { autofill });
      return signInWithPasskey(challenge_id, credential);
    },
    [passkeyOptions, signInWithPasskey],
  );
}

/** What to say about a passkey ceremony that failed, or null when the person only closed the browser's prompt. */
export function usePasskeyErrorText(): (error: unknown) => string | null {
  const t = useT();
  const errorText = useAuthErrorText();
  return useCallback(
    (error: unknown) => {
      if (isPasskeyDismissal(error)) return null;
      return error instanceof ApiError ? errorText(error, 'login') : t('auth.passkey.failed');
    },
    [errorText, t],
  );
}

/** A conditional request that ended sooner than this after it started was refused by the browser: it is not asked again. */
const AUTOFILL_RETRY_AFTER_MS = 5_000;

/**
 * While mounted (and `enabled`), the email field's suggestions offer this site's passkeys (conditional UI: its
 * autocomplete ends with "webauthn"), and picking one signs in. The pending request is cancelled on unmount, and
 * started again after the browser let it lapse (its options expire); `restart` changes start it anew (after a passkey
 * prompt, which takes its place, has ended). `onFailure` hears a pick that was refused.
 */
export function usePasskeyAutofill({ enabled, restart, onSignedIn, onFailure }: { enabled: boolean; restart: number; onSignedIn: () => void; onFailure: (error: unknown) => void }): void {
  const signIn = usePasskeySignIn();
  const handlers = useRef({ onSignedIn, onFailure });
  useEffect(() => {
    handlers.current = { onSignedIn, onFailure };
  });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const run = async () => {
      if (!(await passkeyAutofillSupported().catch(() => false))) return;
      while (active) {
        const started = Date.now();
        try {
          await signIn({ autofill: true });
          if (active) handlers.current.onSignedIn();
          return;
        } catch (error) {
          if (!active) return;
          // Lapsed (the options' time ran out): ask again with fresh ones. Taken over by a prompt (AbortError), or
          // refused at once: leave it.
          const lapsed = error instanceof Error && error.name === 'NotAllowedError' && Date.now() - started >= AUTOFILL_RETRY_AFTER_MS;
          if (lapsed) continue;
          if (!isPasskeyDismissal(error)) handlers.current.onFailure(error);
          return;
        }
      }
    };
    void run();
    return () => {
      active = false;
      cancelPasskeyCeremony();
    };
  }, [enabled, restart, signIn]);
}

export interface PasskeySignInButtonProps {
  onSignedIn: () => void;
  /** The ceremony ended without a sign-in (closed, refused or failed). */
  onEnded?: () => void;
  label?: string;
  variant?: 'secondary' | 'ghost';
}

/**
 * "Zaloguj się kluczem dostępu": the browser's passkey prompt. Closing it is no failure worth a message; any other
 * failure is said under the button, which stays there to try again. Not shown where the browser has no passkeys.
 */
export function PasskeySignInButton({ onSignedIn, onEnded, label, variant = 'secondary' }: PasskeySignInButtonProps) {
  const t = useT();
  const signIn = usePasskeySignIn();
  const problemText = usePasskeyErrorText();
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const { run, running } = useAsyncAction(async () => {
    setProblem(null);
    try {
      await signIn();
      onSignedIn();
    } catch (error) {
      setProblem(problemText(error));
      onEnded?.();
    }
  });
  // What only the browser knows is shown once the page is its own (useHydrated).
  if (!hydrated || !passkeysSupported()) return null;

  return (
    <>
      <Button type="button" variant={variant} size="lg" fullWidth loading={running} aria-describedby={problem ? problemId : undefined} onClick={() => void run()}>
        {running ? t('auth.passkey.busy') : (label ?? t('auth.passkey.signIn'))}
      </Button>
      {problem ? (
        <p id={problemId} role="alert" css={alertBox}>
          {problem}
        </p>
      ) : null}
    </>
  );
}
