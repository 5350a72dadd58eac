import { useToast } from '@grouarock/ui';
import { useCallback } from 'react';
import { useT } from '../../lib/i18n';
import { useAsyncAction } from '../../lib/use-async-action';
import { ApiError } from '../../lib/api';
import { useAuth } from './components/auth-provider';

/**
 * Signs out with the product's toasts: "Wylogowano pomyślnie"; "Błąd podczas wylogowania" when the server refused or
 * could not be reached; "Wystąpił nieoczekiwany błąd podczas wylogowania" for anything else. Resolves to whether
 * the user is now signed out.
 */
export function useSignOut(): { signOut: () => Promise<boolean>; busy: boolean } {
  const { signOut } = useAuth();
  const { show } = useToast();
  const t = useT();
  const { run, running } = useAsyncAction(async () => {
    try {
      await signOut();
      show({ tone: 'success', title: t('auth.toast.logoutSuccess') });
      return true;
    } catch (error) {
      console.error('Sign-out failed', error);
      show({ tone: 'error', title: t(error instanceof ApiError ? 'auth.toast.logoutError' : 'auth.toast.logoutUnexpected') });
      return false;
    }
  });

  // A second click while signing out changes nothing: the first one decides.
  const signOutOnce = useCallback(async () => (await run()) ?? false, [run]);
  return { signOut: signOutOnce, busy: running };
}
