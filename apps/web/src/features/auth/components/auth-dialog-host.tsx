import { useAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { withMessages } from '../../../lib/locale-messages';
import { authDialogAtom } from '../atoms';

// Most visits never open it: its forms and their texts load on the first open, not with every page.
const AuthDialog = lazy(withMessages(['auth'], async () => ({ default: (await import('./auth-dialog')).AuthDialog })));

/** The one AuthDialog of the app, mounted in the layout and opened with useAuthDialog().open(mode). */
export function AuthDialogHost() {
  const [state, setState] = useAtom(authDialogAtom);
  // Once loaded it stays mounted, so it can animate closed.
  const [wanted, setWanted] = useState(state.open);
  if (state.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog
        open={state.open}
        mode={state.mode}
        onOpenChange={(open) => setState((current) => ({ ...current, open }))}
        onModeChange={(mode) => setState((current) => ({ ...current, mode }))}
      />
    </Suspense>
  );
}
