import { useAtom } from 'jotai';
import { authDialogAtom } from '../atoms';
import { AuthDialog } from './auth-dialog';

/** The one AuthDialog of the app, mounted in the layout and opened with useAuthDialog().open(mode). */
export function AuthDialogHost() {
  const [state, setState] = useAtom(authDialogAtom);
  return (
    <AuthDialog
      open={state.open}
      mode={state.mode}
      onOpenChange={(open) => setState((current) => ({ ...current, open }))}
      onModeChange={(mode) => setState((current) => ({ ...current, mode }))}
    />
  );
}
