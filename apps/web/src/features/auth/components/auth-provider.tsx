import { useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { authSnapshotAtom } from '../atoms';
import { type AuthListener, type AuthStatus, type Session, type SessionManager } from '../session-manager';
import type { AuthUser } from '../api/auth-api';

const AuthContext = createContext<SessionManager | null>(null);

export interface AuthProviderProps {
  manager: SessionManager;
  children?: ReactNode;
}

/** Connects a SessionManager to React: restores the session, runs the auto-refresh and mirrors the state into jotai. */
export function AuthProvider({ manager, children }: AuthProviderProps) {
  useHydrateAtoms([[authSnapshotAtom, manager.getSnapshot()]] as const);
  const setSnapshot = useSetAtom(authSnapshotAtom);

  useEffect(() => {
    const unsubscribe = manager.onAuthStateChange(() => setSnapshot(manager.getSnapshot()));
    setSnapshot(manager.getSnapshot());
    void manager.initialize();
    manager.startAutoRefresh();
    return () => {
      unsubscribe();
      manager.stopAutoRefresh();
    };
  }, [manager, setSnapshot]);

  return <AuthContext.Provider value={manager}>{children}</AuthContext.Provider>;
}

export interface AuthApi {
  status: AuthStatus;
  session: Session | null;
  user: AuthUser | null;
  signInWithPassword: SessionManager['signInWithPassword'];
  signUp: SessionManager['signUp'];
  signInAnonymously: SessionManager['signInAnonymously'];
  signInWithOAuth: SessionManager['signInWithOAuth'];
  signOut: SessionManager['signOut'];
  updateUser: SessionManager['updateUser'];
  reloadUser: SessionManager['reloadUser'];
  resetPassword: SessionManager['resetPassword'];
  recoverPassword: SessionManager['recoverPassword'];
  resendConfirmation: SessionManager['resendConfirmation'];
  getProviders: SessionManager['getProviders'];
  onAuthStateChange: SessionManager['onAuthStateChange'];
}

function useManager(hook: string): SessionManager {
  const manager = useContext(AuthContext);
  if (!manager) {
    throw new Error(`${hook} must be used inside <AuthProvider> (app/providers.tsx puts the whole app in one).`);
  }
  return manager;
}

/** The session and the auth actions. Throws when used outside AuthProvider, as the spec requires. */
export function useAuth(): AuthApi {
  const manager = useManager('useAuth()');
  const { status, session } = useAtomValue(authSnapshotAtom);
  return {
    status,
    session,
    user: session?.user ?? null,
    signInWithPassword: manager.signInWithPassword,
    signUp: manager.signUp,
    signInAnonymously: manager.signInAnonymously,
    signInWithOAuth: manager.signInWithOAuth,
    signOut: manager.signOut,
    updateUser: manager.updateUser,
    reloadUser: manager.reloadUser,
    resetPassword: manager.resetPassword,
    recoverPassword: manager.recoverPassword,
    resendConfirmation: manager.resendConfirmation,
    getProviders: manager.getProviders,
    onAuthStateChange: manager.onAuthStateChange,
  };
}

/** Calls `listener` on every auth event while the component is mounted. */
export function useAuthEvents(listener: AuthListener): void {
  const manager = useManager('useAuthEvents()');
  useEffect(() => manager.onAuthStateChange(listener), [manager, listener]);
}
