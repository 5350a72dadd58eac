import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { withMessages } from '../../../lib/locale-messages';
import type { AuthEvent } from '../session-manager';
import { useAuthEvents, useReauthenticationPrompt } from './auth-provider';

// Asked for only when a change needs a recent sign-in: its forms and texts load then, not with every page.
const ReauthenticationDialog = lazy(withMessages(['auth'], async () => ({ default: (await import('./reauthentication-dialog')).ReauthenticationDialog })));

interface Ask {
  id: number;
  factors: readonly string[];
  resolve: (token: string | null) => void;
}

/**
 * The app's way to ask the person to confirm it is them (mounted once in the layout, like AuthDialogHost): when a call
 * is refused with 401 reauthentication_required (lib/api.ts), a dialog opens over the page, whatever form is on it
 * staying as it is, and the call is repeated with the token it gives. Closing it turns the call down.
 */
export function ReauthenticationHost() {
  const [ask, setAsk] = useState<Ask | null>(null);
  // The last ask stays rendered while the dialog animates closed.
  const [shown, setShown] = useState<Ask | null>(null);
  const current = useRef<Ask | null>(null);
  const asks = useRef(0);

  const finish = useCallback((token: string | null) => {
    const pending = current.current;
    current.current = null;
    setAsk(null);
    pending?.resolve(token);
  }, []);

  const prompt = useCallback(
    (factors: readonly string[]) =>
      new Promise<string | null>((resolve) => {
        current.current?.resolve(null);
        asks.current += 1;
        const next = { id: asks.current, factors, resolve };
        current.current = next;
        setAsk(next);
        setShown(next);
      }),
    [],
  );
  useReauthenticationPrompt(prompt);

  // Signed out meanwhile (here or in another tab): there is nobody left to confirm.
  useAuthEvents(
    useCallback(
      (event: AuthEvent) => {
        if (event === 'SIGNED_OUT') finish(null);
      },
      [finish],
    ),
  );
  // Gone from the page with an ask open: the call waiting for it is turned down rather than left hanging.
  useEffect(() => () => finish(null), [finish]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticationDialog
        key={shown.id}
        open={ask !== null && ask.id === shown.id}
        factors={shown.factors}
        onConfirmed={(token) => finish(token)}
        onCancel={() => finish(null)}
      />
    </Suspense>
  );
}
