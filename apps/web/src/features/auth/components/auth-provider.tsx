import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { type AuthListener, type AuthSnapshot, type AuthStatus, type ReauthenticationPrompt, type Session, type SessionManager } from '../session-manager';
import type { AuthUser } from '../api/auth-api';

const AuthContext = createContext<SessionManager | null>(null);

export interface AuthProviderProps {
  manager: SessionManager;
  children?: ReactNode;
}

/** Connects a SessionManager to React: restores the session and runs the auto-refresh while mounted. */
export function AuthProvider({ manager, children }: AuthProviderProps) {
  useEffect(() => {
    void manager.initialize();
    manager.startAutoRefresh();
    return () => manager.stopAutoRefresh();
  }, [manager]);

  return <AuthContext.Provider value={manager}>{children}</AuthContext.Provider>;
}

export interface AuthApi {
  status: AuthStatus;
  session: Session | null;
  user: AuthUser | null;
  signInWithPassword: SessionManager['signInWithPassword'];
  signInWithSecondFactor: SessionManager['signInWithSecondFactor'];
  passkeyOptions: SessionManager['passkeyOptions'];
  signInWithPasskey: SessionManager['signInWithPasskey'];
  confirmIdentity: SessionManager['confirmIdentity'];
  sendReauthenticationCode: SessionManager['sendReauthenticationCode'];
  adoptSession: SessionManager['adoptSession'];
  signUp: SessionManager['signUp'];
  signInAnonymously: SessionManager['signInAnonymously'];
  signInWithOAuth: SessionManager['signInWithOAuth'];
  signOut: SessionManager['signOut'];
  forget: SessionManager['forget'];
  updateUser: SessionManager['updateUser'];
  reloadUser: SessionManager['reloadUser'];
  resetPassword: SessionManager['resetPassword'];
  recoverPassword: SessionManager['recoverPassword'];
  resendConfirmation: SessionManager['resendConfirmation'];
  getProviders: SessionManager['getProviders'];
  remembersSession: SessionManager['remembersSession'];
  onAuthStateChange: SessionManager['onAuthStateChange'];
}

/**
 * What a prerendered page was rendered with (nobody is signed in at build time), and so what hydration starts from;
 * the tab's own state (a session being restored, say) follows at once.
 */
const SIGNED_OUT: AuthSnapshot = { status: 'signedOut', session: null };
const serverSnapshot = (): AuthSnapshot => SIGNED_OUT;

function useManager(hook: string): SessionManager {
  const manager = useContext(AuthContext);
  if (!manager) {
    throw new Error(`${hook} must be used inside <AuthProvider> (app/providers.tsx puts the whole app in one).`);
  }
  return manager;
}

/**
 * The session (read from the session manager itself, re-rendering on each auth event) and the auth actions.
 * Throws when used outside AuthProvider.
 */
export function useAuth(): AuthApi {
  const manager = useManager('useAuth()');
  const { status, session } = useSyncExternalStore(manager.onAuthStateChange, manager.getSnapshot, serverSnapshot);
  return {
    status,
    session,
    user: session?.user ?? null,
    signInWithPassword: manager.signInWithPassword,
    signInWithSecondFactor: manager.signInWithSecondFactor,
    passkeyOptions: manager.passkeyOptions,
    signInWithPasskey: manager.signInWithPasskey,
    confirmIdentity: manager.confirmIdentity,
    sendReauthenticationCode: manager.sendReauthenticationCode,
    adoptSession: manager.adoptSession,
    signUp: manager.signUp,
    signInAnonymously: manager.signInAnonymously,
    signInWithOAuth: manager.signInWithOAuth,
    signOut: manager.signOut,
    forget: manager.forget,
    updateUser: manager.updateUser,
    reloadUser: manager.reloadUser,
    resetPassword: manager.resetPassword,
    recoverPassword: manager.recoverPassword,
    resendConfirmation: manager.resendConfirmation,
    getProviders: manager.getProviders,
    remembersSession: manager.remembersSession,
    onAuthStateChange: manager.onAuthStateChange,
  };
}

/** Calls `listener` on every auth event while the component is mounted. */
export function useAuthEvents(listener: AuthListener): void {
  const manager = useManager('useAuthEvents()');
  useEffect(() => manager.onAuthStateChange(listener), [manager, listener]);
}

/** Makes `prompt` the app's way to ask the person to confirm it is them while the component is mounted (ReauthenticationHost). */
export function useReauthenticationPrompt(prompt: ReauthenticationPrompt): void {
  const manager = useManager('useReauthenticationPrompt()');
  useEffect(() => manager.setReauthenticationPrompt(prompt), [manager, prompt]);
}
