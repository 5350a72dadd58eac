import { ApiError, type AccessTokenSource } from '../../lib/api';
import type {
  AuthProviders,
  AuthUser,
  PasskeyCeremony,
  PasskeyCredential,
  ReauthenticationProof,
  SessionDto,
  SignUpResultDto,
  UpdateUserInput,
} from './api/auth-api';
import { authorizeUrl, type OAuthProvider } from './api/authorize-url';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** The auth events, in the names of the hosted auth provider whose shape the auth endpoints keep. */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

export interface Session {
  /** Kept in memory only: an access token is never written to storage. */
  accessToken: string;
  /** When the access token expires, in this browser's clock (ms). */
  expiresAt: number;
  user: AuthUser;
}

export interface AuthSnapshot {
  status: AuthStatus;
  session: Session | null;
}

export type AuthListener = (event: AuthEvent, session: Session | null) => void;

/**
 * The only thing local storage knows about the session: that one exists ('active'), or that one may appear
 * soon because a confirmation mail was just sent ('pending'). The refresh token itself is an httpOnly cookie.
 */
export const SESSION_FLAG_KEY = 'grouarock.session';
type SessionFlag = 'active' | 'pending';

/** The product's auto-refresh: a tick every 30 s refreshes when 90 s or less remain. */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;
/** A token with less than this left is refreshed before a call rather than sent (the call takes time to arrive). */
export const EXPIRY_MARGIN_MS = 2_000;
/** Refreshes that got no answer are retried after 200, 400, 800… ms, within one tick. */
export const REFRESH_BACKOFF_MS = 200;

/**
 * Asks the person to confirm it is them with one of `factors` (ReauthenticationHost, mounted in the layout): resolves
 * to the new access token once they have, or null when they decline.
 */
export type ReauthenticationPrompt = (factors: readonly string[]) => Promise<string | null>;

export interface SessionManagerOptions {
  storage?: Storage | null;
  now?: () => number;
  /** Leaves the app for a provider's sign-in page. */
  navigate?: (url: string) => void;
  /**
   * True when this page load came through a same-origin redirect: the server's confirmation link and OAuth
   * callback set the refresh cookie and redirect to the site, possibly in a browser that has no flag yet.
   */
  arrivedThroughRedirect?: () => boolean;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function landedThroughSameOriginRedirect(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return (navigation?.redirectCount ?? 0) > 0;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The auth endpoints' calls, loaded with the first one: a visitor with no session to restore makes none. */
const authApi = async () => (await import('./api/auth-api')).authApi;

/**
 * The session of this browser tab and its state machine: `loading` until the session kept from an earlier visit
 * is restored through the refresh cookie (or there is none), then `signedIn` or `signedOut`. Every change is an
 * AuthEvent to `onAuthStateChange` listeners. Framework-free; AuthProvider connects it to React.
 */
export class SessionManager implements AccessTokenSource {
  private snapshot: AuthSnapshot;
  private readonly listeners = new Set<AuthListener>();
  private readonly storage: Storage | null;
  private readonly now: () => number;
  private readonly navigate: (url: string) => void;
  private readonly shouldRestore: boolean;
  private initializing: Promise<void> | null = null;
  private refreshing: Promise<Session | null> | null = null;
  /** Bumped on every sign-in and sign-out, so a refresh that raced one of them cannot undo it. */
  private generation = 0;
  /** The kept session could not be restored for lack of an answer: the tick tries again. */
  private restorePending = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private prompt: ReauthenticationPrompt | null = null;
  /** The ask in progress: calls refused for want of a recent sign-in meanwhile wait for the same one. */
  private reauthenticating: Promise<string | null> | null = null;

  constructor(options: SessionManagerOptions = {}) {
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.now = options.now ?? (() => Date.now());
    this.navigate = options.navigate ?? ((url) => window.location.assign(url));
    this.shouldRestore = this.readFlag() !== null || (options.arrivedThroughRedirect ?? landedThroughSameOriginRedirect)();
    // With nothing to restore the visitor is signed out from the first render (no spinner flash).
    this.snapshot = { status: this.shouldRestore ? 'loading' : 'signedOut', session: null };
  }

  // ---- state ----

  getSnapshot = (): AuthSnapshot => this.snapshot;

  get status(): AuthStatus {
    return this.snapshot.status;
  }

  get session(): Session | null {
    return this.snapshot.session;
  }

  /** Whether this browser kept a session (or one being confirmed) from an earlier visit. */
  remembersSession = (): boolean => this.readFlag() !== null;

  /** Subscribes to auth events; returns the unsubscribe function. */
  onAuthStateChange = (listener: AuthListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Restores the kept session once (INITIAL_SESSION). Later calls return the same promise. Never rejects:
   * a session that cannot be restored now leaves the visitor signed out.
   */
  initialize = (): Promise<void> => {
    this.initializing ??= this.restore();
    return this.initializing;
  };

  private async restore(): Promise<void> {
    if (!this.shouldRestore) {
      this.emit('INITIAL_SESSION');
      return;
    }
    try {
      await this.refreshSession();
    } catch (error) {
      // No answer (offline, server restarting): signed out for now, keep the flag and retry on the tick.
      console.warn('Could not restore the session; will retry', error);
      this.restorePending = true;
      this.snapshot = { status: 'signedOut', session: null };
      this.emit('INITIAL_SESSION');
    }
  }

  // ---- AccessTokenSource (used by the API client's interceptors) ----

  ready = (): Promise<void> => this.initialize();

  accessToken = (): string | null => this.snapshot.session?.accessToken ?? null;

  tokenForCall = async (): Promise<string | null> => {
    const session = this.snapshot.session;
    if (!session || session.expiresAt - this.now() > EXPIRY_MARGIN_MS) return session?.accessToken ?? null;
    // Run out (a tab asleep, timers late): refresh first. Should the server be out of reach, the call tries the old
    // token and, refused, refreshes after all.
    const fresh = await this.refreshSession().catch(() => undefined);
    return fresh === undefined ? session.accessToken : (fresh?.accessToken ?? null);
  };

  refreshAccessToken = async (): Promise<string | null> => {
    if (!this.snapshot.session) return null;
    return (await this.refreshSession())?.accessToken ?? null;
  };

  /**
   * A call was refused for want of a recent sign-in: the person is asked (once, however many calls wait) to confirm it
   * is them. Null when signed out, when nothing in the app can ask, when they decline, or when the session changed meanwhile.
   */
  reauthenticate = (factors: readonly string[]): Promise<string | null> => {
    const prompt = this.prompt;
    if (!this.snapshot.session || !prompt) return Promise.resolve(null);
    if (!this.reauthenticating) {
      const generation = this.generation;
      this.reauthenticating = prompt(factors)
        .then((token) => (generation === this.generation ? token : null))
        .finally(() => {
          this.reauthenticating = null;
        });
    }
    return this.reauthenticating;
  };

  /** Makes `prompt` the way to ask the person to confirm it is them; returns the function that takes it away again. */
  setReauthenticationPrompt = (prompt: ReauthenticationPrompt): (() => void) => {
    this.prompt = prompt;
    return () => {
      if (this.prompt === prompt) this.prompt = null;
    };
  };

  // ---- refresh ----

  /**
   * Trades the refresh cookie for a new session. Concurrent callers share one request. Resolves to null when the
   * server says the session is over (401: signed out), rejects when it could not be reached in time.
   */
  refreshSession = (): Promise<Session | null> => {
    if (!this.refreshing) {
      const generation = this.generation;
      this.refreshing = this.refreshWithBackoff()
        .then((dto) => this.applyRefresh(dto, generation))
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  };

  private async refreshWithBackoff(): Promise<SessionDto | null> {
    const started = this.now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await (await authApi()).refresh();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        if (!(error instanceof ApiError) || !error.retryable) throw error;
        const delay = REFRESH_BACKOFF_MS * 2 ** attempt;
        // Give up before the next tick would start another round.
        if (this.now() + delay - started >= REFRESH_TICK_MS) throw error;
        await sleep(delay);
      }
    }
  }

  private applyRefresh(dto: SessionDto | null, generation: number): Session | null {
    // Signed in or out meanwhile: that newer state wins over this refresh.
    if (generation !== this.generation) return this.snapshot.session;
    this.restorePending = false;
    const wasLoading = this.snapshot.status === 'loading';
    if (!dto) {
      this.end(wasLoading ? 'INITIAL_SESSION' : 'SIGNED_OUT');
      return null;
    }
    const event: AuthEvent = wasLoading ? 'INITIAL_SESSION' : this.snapshot.session ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
    return this.begin(dto, event, { newGeneration: event === 'SIGNED_IN' });
  }

  /** One auto-refresh tick: refresh when the token has 90 s or less left, or retry a pending restore. */
  tick = async (): Promise<void> => {
    const session = this.snapshot.session;
    const due = session ? session.expiresAt - this.now() <= REFRESH_MARGIN_MS : this.restorePending;
    if (!due) return;
    try {
      await this.refreshSession();
    } catch (error) {
      console.warn('Session refresh failed; retrying on the next tick', error);
    }
  };

  /** Starts the 30 s tick and follows sign-ins and sign-outs made in other tabs. Idempotent. */
  startAutoRefresh = (): void => {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), REFRESH_TICK_MS);
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStorage);
  };

  stopAutoRefresh = (): void => {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (typeof window !== 'undefined') window.removeEventListener('storage', this.onStorage);
  };

  private onStorage = (event: StorageEvent): void => {
    if (event.key !== SESSION_FLAG_KEY) return;
    if (event.newValue === null && this.snapshot.session) {
      // Signed out in another tab: the server session is gone, so is this tab's.
      this.generation += 1;
      this.end('SIGNED_OUT', { keepFlag: true });
    } else if (event.newValue === 'active' && !this.snapshot.session && this.snapshot.status === 'signedOut') {
      this.refreshSession().catch((error: unknown) => console.warn('Could not pick up the session of another tab', error));
    }
  };

  // ---- actions ----

  signInWithPassword = async (email: string, password: string): Promise<Session> =>
    this.begin(await (await authApi()).signInWithPassword(email, password), 'SIGNED_IN', { newGeneration: true });

  /** The second step of a password (or OAuth, or mail-link) sign-in that answered mfa_required: the app's code or a recovery code. */
  signInWithSecondFactor = async (mfaToken: string, code: string): Promise<Session> =>
    this.begin(await (await authApi()).signInWithSecondFactor(mfaToken, code), 'SIGNED_IN', { newGeneration: true });

  /** The options for a passkey ceremony: any passkey of the site signed out, the account's own signed in. */
  passkeyOptions = async (): Promise<PasskeyCeremony> => (await authApi()).passkeyOptions();

  /** A passkey is a whole sign-in: `credential` is what the browser answered to `passkeyOptions()`' ceremony. */
  signInWithPasskey = async (challengeId: string, credential: PasskeyCredential): Promise<Session> =>
    this.begin(await (await authApi()).signInWithPasskey(challengeId, credential), 'SIGNED_IN', { newGeneration: true });

  /** The person proves it is them in this session (POST /auth/reauthenticate): it goes on with the new token. */
  confirmIdentity = async (proof: ReauthenticationProof): Promise<Session> => this.adoptSession(await (await authApi()).reauthenticate(proof));

  /** Mails a code to confirm it is you with (an account with no password, app or passkey). */
  sendReauthenticationCode = async (): Promise<void> => {
    await (await authApi()).sendReauthenticationCode();
  };

  /**
   * A new access token for this same session, handed out by a call other than the token endpoint (a re-authentication,
   * an authenticator app turned on): the session goes on with it.
   */
  adoptSession = (dto: SessionDto): Session => this.begin(dto, 'TOKEN_REFRESHED', { newGeneration: false });

  signInAnonymously = async (): Promise<Session> =>
    this.begin(await (await authApi()).signInAnonymously(), 'SIGNED_IN', { newGeneration: true });

  /** Creates an account; the session comes later, through the link in the confirmation mail. */
  signUp = async (email: string, password: string, username?: string): Promise<SignUpResultDto> => {
    const result = await (await authApi()).signUp(email, password, username);
    // The mail's link signs this browser in: look for that session on the next start.
    if (!this.snapshot.session) this.writeFlag('pending');
    return result;
  };

  /**
   * Ends the session on the server and here. A server that cannot be reached leaves the session as it is and
   * rejects, so the user can try again; a session the server no longer knows counts as signed out.
   */
  signOut = async (scope: 'local' | 'global' = 'local'): Promise<void> => {
    if (this.snapshot.session) {
      try {
        await (await authApi()).logout(scope);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    }
    this.generation += 1;
    this.end('SIGNED_OUT');
  };

  /**
   * Ends the session here only: the server has ended it already (the account's data was deleted or anonymized, which
   * ends every session), so there is nothing to ask it.
   */
  forget = (): void => {
    this.generation += 1;
    this.end('SIGNED_OUT');
  };

  updateUser = async (input: UpdateUserInput): Promise<AuthUser> => {
    const user = await (await authApi()).updateUser(input);
    this.replaceUser(user);
    return user;
  };

  /** Reads the user again from the server (e.g. the email got confirmed in another tab). */
  reloadUser = async (): Promise<AuthUser> => {
    const user = await (await authApi()).getUser();
    this.replaceUser(user);
    return user;
  };

  /** Sets a new password with the token from the recovery mail; signs in (PASSWORD_RECOVERY). */
  resetPassword = async (recoveryToken: string, password: string): Promise<Session> =>
    this.begin(await (await authApi()).resetPassword(recoveryToken, password), 'PASSWORD_RECOVERY', { newGeneration: true });

  recoverPassword = async (email: string): Promise<void> => {
    await (await authApi()).recoverPassword(email);
  };

  resendConfirmation = async (email: string): Promise<void> => {
    await (await authApi()).resendConfirmation(email);
  };

  getProviders = async (): Promise<AuthProviders> => (await authApi()).getProviders();

  /** Leaves for the provider; it sends the user back to `redirectTo`, signed in through the refresh cookie. */
  signInWithOAuth = (provider: OAuthProvider, redirectTo = '/'): void => {
    this.writeFlag('pending');
    this.navigate(authorizeUrl(provider, redirectTo));
  };

  // ---- internals ----

  private begin(dto: SessionDto, event: AuthEvent, { newGeneration }: { newGeneration: boolean }): Session {
    if (newGeneration) this.generation += 1;
    const session: Session = { accessToken: dto.access_token, expiresAt: this.now() + dto.expires_in * 1000, user: dto.user };
    this.snapshot = { status: 'signedIn', session };
    this.writeFlag('active');
    this.emit(event);
    return session;
  }

  private end(event: AuthEvent, { keepFlag = false }: { keepFlag?: boolean } = {}): void {
    if (!keepFlag) this.writeFlag(null);
    const wasSignedOut = this.snapshot.status === 'signedOut' && !this.snapshot.session;
    // The snapshot changes only with an event: useAuth() reads it through useSyncExternalStore.
    if (wasSignedOut && event !== 'INITIAL_SESSION') return;
    this.snapshot = { status: 'signedOut', session: null };
    this.emit(event);
  }

  private replaceUser(user: AuthUser): void {
    const session = this.snapshot.session;
    if (!session) return;
    this.snapshot = { status: 'signedIn', session: { ...session, user } };
    this.emit('USER_UPDATED');
  }

  private emit(event: AuthEvent): void {
    const session = this.snapshot.session;
    for (const listener of [...this.listeners]) {
      try {
        listener(event, session);
      } catch (error) {
        console.error('An auth listener failed', error);
      }
    }
  }

  private readFlag(): SessionFlag | null {
    try {
      const value = this.storage?.getItem(SESSION_FLAG_KEY);
      return value === 'active' || value === 'pending' ? value : null;
    } catch {
      return null;
    }
  }

  private writeFlag(value: SessionFlag | null): void {
    try {
      if (value) this.storage?.setItem(SESSION_FLAG_KEY, value);
      else this.storage?.removeItem(SESSION_FLAG_KEY);
    } catch {
      // Storage can be unavailable (private mode, quota): the session still works for this page.
    }
  }
}
