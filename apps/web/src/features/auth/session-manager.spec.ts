import { HttpResponse } from 'msw';
import { apiError, apiServer, apiUrl, answer, http, recordRequests, setApiSession, setupApiServer } from '../../testing/api-server';
import { sessionDto, userDto } from '../../testing/auth-fixtures';
import { REFRESH_BACKOFF_MS, REFRESH_TICK_MS, SESSION_FLAG_KEY, SessionManager, type AuthEvent } from './session-manager';

// The session's rules, its timing included (ticks, back-off) under fake timers, against the server over MSW. The
// timers are fake except the ones the network itself runs on.
setupApiServer();

let requests: string[] = [];
beforeEach(() => (requests = recordRequests()));

const refreshCalls = () => requests.filter((request) => request === 'POST /api/v1/auth/token?grant_type=refresh_token').length;
const calls = (path: string) => requests.filter((request) => request.split(' ')[1].split('?')[0] === `/api/v1${path}`);

/** A deferred answer: the request waits until the test calls `respond`. */
function held(body: object) {
  let respond!: () => void;
  const answered = new Promise<void>((resolve) => (respond = resolve));
  return { respond, answer: async () => (await answered, HttpResponse.json(body)) };
}

const noAnswer = () => HttpResponse.error();

/** A manager plus the events it emitted, in order. */
function setup(options: ConstructorParameters<typeof SessionManager>[0] = {}) {
  const manager = new SessionManager({ arrivedThroughRedirect: () => false, navigate: jest.fn(), ...options });
  setApiSession(manager);
  const events: [AuthEvent, string | null][] = [];
  manager.onAuthStateChange((event, session) => events.push([event, session?.accessToken ?? null]));
  return { manager, events };
}

async function signedIn(expiresIn = 900) {
  const ctx = setup();
  await ctx.manager.initialize();
  apiServer.use(http.post(apiUrl('/auth/token'), () => HttpResponse.json(sessionDto(expiresIn)), { once: true }));
  await ctx.manager.signInWithPassword('fan@example.com', 'riff-raff');
  ctx.events.length = 0;
  requests.length = 0;
  return ctx;
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('SessionManager: start', () => {
  it('remembers a session (kept or being confirmed) only while the flag says so', () => {
    const { manager } = setup();
    expect(manager.remembersSession()).toBe(false);
    for (const value of ['active', 'pending']) {
      localStorage.setItem(SESSION_FLAG_KEY, value);
      expect(manager.remembersSession()).toBe(true);
    }
    localStorage.setItem(SESSION_FLAG_KEY, 'something else');
    expect(manager.remembersSession()).toBe(false);
  });

  it('with no session flag is signed out at once: INITIAL_SESSION without a session and no call', async () => {
    const { manager, events } = setup();
    expect(manager.status).toBe('signedOut');
    await manager.initialize();
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(requests).toEqual([]);
  });

  it('with the flag set is loading, then restores the session through the refresh cookie (INITIAL_SESSION)', async () => {
    localStorage.setItem(SESSION_FLAG_KEY, 'active');
    const tokens = answer('post', '/auth/token', sessionDto());
    const { manager, events } = setup();
    expect(manager.status).toBe('loading');

    await manager.initialize();

    expect(tokens).toEqual([expect.objectContaining({ url: '/api/v1/auth/token?grant_type=refresh_token', authorization: null, body: {} })]);
    expect(manager.status).toBe('signedIn');
    expect(events).toEqual([['INITIAL_SESSION', manager.accessToken()]]);
    expect(manager.session?.user.email).toBe('fan@example.com');
  });

  it('also restores when the page was reached through a same-origin redirect (confirmation link, OAuth)', async () => {
    answer('post', '/auth/token', sessionDto());
    const { manager } = setup({ arrivedThroughRedirect: () => true });
    await manager.initialize();
    expect(manager.status).toBe('signedIn');
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('active');
  });

  it('a refused refresh at start (401) means signed out and forgets the flag', async () => {
    localStorage.setItem(SESSION_FLAG_KEY, 'active');
    answer('post', '/auth/token', () => apiError(401, { code: 'invalid_refresh_token' }));
    const { manager, events } = setup();
    await manager.initialize();
    expect(manager.status).toBe('signedOut');
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
  });

  it('initialize() runs once however often it is called', async () => {
    localStorage.setItem(SESSION_FLAG_KEY, 'active');
    answer('post', '/auth/token', () => HttpResponse.json(sessionDto()));
    const { manager } = setup();
    await Promise.all([manager.initialize(), manager.initialize(), manager.ready()]);
    expect(calls('/auth/token')).toHaveLength(1);
  });
});

describe('SessionManager: events of the actions', () => {
  it('sign-in emits SIGNED_IN, keeps the token in memory and only a flag in storage', async () => {
    const { manager, events } = setup();
    await manager.initialize();
    const tokens = answer('post', '/auth/token', sessionDto());

    const session = await manager.signInWithPassword('fan@example.com', 'riff-raff');

    expect(tokens).toEqual([
      expect.objectContaining({ url: '/api/v1/auth/token?grant_type=password', authorization: null, body: { email: 'fan@example.com', password: 'riff-raff' } }),
    ]);
    expect(events.at(-1)).toEqual(['SIGNED_IN', session.accessToken]);
    expect(manager.status).toBe('signedIn');
    expect(Object.entries(localStorage)).toEqual([[SESSION_FLAG_KEY, 'active']]);
  });

  it('a refused sign-in rejects with the server code and changes nothing', async () => {
    const { manager, events } = setup();
    await manager.initialize();
    events.length = 0;
    answer('post', '/auth/token', () => apiError(400, { code: 'invalid_credentials', message: 'Invalid login credentials' }));
    await expect(manager.signInWithPassword('fan@example.com', 'nope')).rejects.toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(events).toEqual([]);
    expect(manager.status).toBe('signedOut');
  });

  it('sign-out calls logout with its scope, emits SIGNED_OUT and clears the flag', async () => {
    const { manager, events } = await signedIn();
    const logouts = answer('post', '/auth/logout', new HttpResponse(null, { status: 204 }));
    const token = manager.accessToken();
    await manager.signOut('global');
    expect(logouts).toEqual([expect.objectContaining({ url: '/api/v1/auth/logout?scope=global', authorization: `Bearer ${token}` })]);
    expect(events).toEqual([['SIGNED_OUT', null]]);
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
  });

  it('a sign-out the server could not take keeps the session and rejects', async () => {
    const { manager, events } = await signedIn();
    answer('post', '/auth/logout', noAnswer);
    await expect(manager.signOut()).rejects.toMatchObject({ status: 0 });
    expect(manager.status).toBe('signedIn');
    expect(events).toEqual([]);
  });

  it('updating the user emits USER_UPDATED with the new user', async () => {
    const { manager, events } = await signedIn();
    const updated = userDto({ user_metadata: { username: 'nowy', display_name: 'Nowy' } });
    answer('put', '/auth/user', updated);
    await manager.updateUser({ data: { username: 'nowy', display_name: 'Nowy' } });
    expect(events.map(([event]) => event)).toEqual(['USER_UPDATED']);
    expect(manager.session?.user.user_metadata.username).toBe('nowy');
  });

  it('a new password from the recovery link signs in with PASSWORD_RECOVERY', async () => {
    const { manager, events } = setup();
    await manager.initialize();
    const resets = answer('post', '/auth/reset', sessionDto());
    await manager.resetPassword('t'.repeat(40), 'brand-new');
    expect(resets.map((reset) => reset.body)).toEqual([{ token: 't'.repeat(40), password: 'brand-new' }]);
    expect(events.at(-1)?.[0]).toBe('PASSWORD_RECOVERY');
    expect(manager.status).toBe('signedIn');
  });

  it('sign-up sends username and display name and expects the session on the next start', async () => {
    const { manager } = setup();
    await manager.initialize();
    const signUps = answer('post', '/auth/signup', { user: userDto(), confirmation_sent: true });
    await manager.signUp('fan@example.com', 'riff-raff', 'punkrocker');
    expect(signUps.map((signUp) => signUp.body)).toEqual([
      { email: 'fan@example.com', password: 'riff-raff', data: { username: 'punkrocker', display_name: 'punkrocker' } },
    ]);
    expect(manager.status).toBe('signedOut');
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('pending');
  });

  it('OAuth is a navigation to the authorize endpoint, returning to the site root', () => {
    const navigate = jest.fn();
    const { manager } = setup({ navigate });
    manager.signInWithOAuth('github');
    expect(navigate).toHaveBeenCalledWith('/api/v1/auth/authorize?provider=github&redirect_to=%2F');
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('pending');
  });
});

describe('SessionManager: refresh', () => {
  it('the 30 s tick refreshes once 90 s or less remain (TOKEN_REFRESHED)', async () => {
    const { manager, events } = await signedIn(200);
    const before = manager.accessToken();
    answer('post', '/auth/token', () => HttpResponse.json(sessionDto(200)));
    manager.startAutoRefresh();

    // Ticks at 30, 60 and 90 s see 170, 140 and 110 s left: nothing to do.
    await jest.advanceTimersByTimeAsync(3 * REFRESH_TICK_MS);
    expect(refreshCalls()).toBe(0);
    // The tick at 120 s sees 80 s left.
    await jest.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refreshCalls()).toBe(1);
    expect(events).toEqual([['TOKEN_REFRESHED', manager.accessToken()]]);
    expect(manager.accessToken()).not.toBe(before);
    manager.stopAutoRefresh();
  });

  it('retries a refresh that got no answer after 200, 400, 800 ms', async () => {
    const { manager, events } = await signedIn();
    answer('post', '/auth/token', noAnswer, () => apiError(503), noAnswer, () => HttpResponse.json(sessionDto()));

    const refreshed = manager.refreshSession();
    await jest.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toBe(1);
    await jest.advanceTimersByTimeAsync(REFRESH_BACKOFF_MS - 1);
    expect(refreshCalls()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toBe(2);
    await jest.advanceTimersByTimeAsync(2 * REFRESH_BACKOFF_MS - 1);
    expect(refreshCalls()).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toBe(3);
    await jest.advanceTimersByTimeAsync(4 * REFRESH_BACKOFF_MS);
    expect(refreshCalls()).toBe(4);

    await expect(refreshed).resolves.toMatchObject({ accessToken: manager.accessToken() });
    expect(events.map(([event]) => event)).toEqual(['TOKEN_REFRESHED']);
  });

  it('gives up within one tick and keeps the session (no sign-out for lack of an answer)', async () => {
    const { manager, events } = await signedIn();
    answer('post', '/auth/token', noAnswer);
    const refreshed = manager.refreshSession();
    const outcome = expect(refreshed).rejects.toMatchObject({ status: 0 });
    await jest.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    await outcome;
    // 200 + 400 + … + 12 800 ms = 25.4 s of waiting; the next wait (25.6 s) would pass the tick.
    expect(refreshCalls()).toBe(8);
    expect(manager.status).toBe('signedIn');
    expect(events).toEqual([]);
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('active');
  });

  it('a refresh refused with 401 (revoked or reused) signs out', async () => {
    const { manager, events } = await signedIn();
    answer('post', '/auth/token', () => apiError(401, { code: 'refresh_token_reused' }));
    await expect(manager.refreshSession()).resolves.toBeNull();
    expect(manager.status).toBe('signedOut');
    expect(events).toEqual([['SIGNED_OUT', null]]);
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
    await expect(manager.refreshAccessToken()).resolves.toBeNull();
  });

  it('concurrent refreshes share one request', async () => {
    const { manager } = await signedIn();
    const refresh = held(sessionDto());
    answer('post', '/auth/token', refresh.answer);
    const first = manager.refreshSession();
    const second = manager.refreshSession();
    const third = manager.refreshAccessToken();
    refresh.respond();
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(refreshCalls()).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a?.accessToken);
  });

  it('a refresh that was in flight during a sign-out does not sign back in', async () => {
    const { manager } = await signedIn();
    const refresh = held(sessionDto());
    answer('post', '/auth/token', refresh.answer);
    answer('post', '/auth/logout', new HttpResponse(null, { status: 204 }));
    const refreshed = manager.refreshSession();
    await manager.signOut();
    refresh.respond();
    await refreshed;
    expect(manager.status).toBe('signedOut');
  });

  it('a restore that got no answer leaves the visitor signed out and is retried on the tick', async () => {
    localStorage.setItem(SESSION_FLAG_KEY, 'active');
    answer('post', '/auth/token', noAnswer);
    const { manager, events } = setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    manager.startAutoRefresh();
    const started = manager.initialize();
    await jest.advanceTimersByTimeAsync(REFRESH_TICK_MS - 1);
    await started;
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('active');

    answer('post', '/auth/token', () => HttpResponse.json(sessionDto()));
    await jest.advanceTimersByTimeAsync(1);
    expect(manager.status).toBe('signedIn');
    expect(events.at(-1)?.[0]).toBe('SIGNED_IN');
    manager.stopAutoRefresh();
  });

  it('follows a sign-out in another tab (the flag disappears)', async () => {
    const { manager, events } = await signedIn();
    manager.startAutoRefresh();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_FLAG_KEY, oldValue: 'active', newValue: null }));
    expect(manager.status).toBe('signedOut');
    expect(events).toEqual([['SIGNED_OUT', null]]);
    manager.stopAutoRefresh();
  });
});

describe('SessionManager: second factor, passkeys and confirming it is you (issue 39)', () => {
  it('the second step of a sign-in (grant_type=mfa) emits SIGNED_IN like a password sign-in', async () => {
    const { manager, events } = setup();
    await manager.initialize();
    const tokens = answer('post', '/auth/token', sessionDto());

    const session = await manager.signInWithSecondFactor('mfa-token', '123456');

    expect(tokens).toEqual([
      expect.objectContaining({ url: '/api/v1/auth/token?grant_type=mfa', authorization: null, body: { mfa_token: 'mfa-token', code: '123456' } }),
    ]);
    expect(events.at(-1)).toEqual(['SIGNED_IN', session.accessToken]);
    expect(manager.status).toBe('signedIn');
    expect(localStorage.getItem(SESSION_FLAG_KEY)).toBe('active');
  });

  it('a refused code rejects with its code and signs nobody in', async () => {
    const { manager, events } = setup();
    await manager.initialize();
    events.length = 0;
    answer('post', '/auth/token', () => apiError(400, { code: 'invalid_mfa_code', fields: ['code'] }));
    await expect(manager.signInWithSecondFactor('mfa-token', '000000')).rejects.toMatchObject({ status: 400, code: 'invalid_mfa_code' });
    expect(events).toEqual([]);
    expect(manager.status).toBe('signedOut');
  });

  it('the password sign-in of an account with the app on rejects with mfa_required, its token and factors', async () => {
    const { manager } = setup();
    await manager.initialize();
    const body = { statusCode: 403, error: 'Forbidden', message: 'Enter the code', code: 'mfa_required', mfa_token: 'mfa-token', factors: ['totp', 'recovery', 'passkey'] };
    answer('post', '/auth/token', () => HttpResponse.json(body, { status: 403 }));
    await expect(manager.signInWithPassword('fan@example.com', 'riff-raff')).rejects.toMatchObject({
      status: 403,
      code: 'mfa_required',
      details: { mfaToken: 'mfa-token', factors: ['totp', 'recovery', 'passkey'] },
    });
  });

  it('a passkey sign-in takes the options, then grant_type=passkey with the browser\'s answer: SIGNED_IN', async () => {
    const { manager, events } = setup();
    await manager.initialize();
    const options = answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options: { challenge: 'abc', rpId: 'localhost' } });
    const tokens = answer('post', '/auth/token', sessionDto());

    expect(await manager.passkeyOptions()).toEqual({ challenge_id: 'challenge-1', options: { challenge: 'abc', rpId: 'localhost' } });
    const session = await manager.signInWithPasskey('challenge-1', { id: 'cred', type: 'public-key' });

    expect(options).toEqual([expect.objectContaining({ authorization: null })]);
    expect(tokens).toEqual([
      expect.objectContaining({ url: '/api/v1/auth/token?grant_type=passkey', body: { challenge_id: 'challenge-1', credential: { id: 'cred', type: 'public-key' } } }),
    ]);
    expect(events.at(-1)).toEqual(['SIGNED_IN', session.accessToken]);
  });

  it('confirming it is you goes on with the new token of the same session (TOKEN_REFRESHED)', async () => {
    const { manager, events } = await signedIn();
    const old = manager.accessToken();
    const fresh = sessionDto();
    const proofs = answer('post', '/auth/reauthenticate', fresh);

    const session = await manager.confirmIdentity({ password: 'riff-raff' });

    expect(proofs).toEqual([expect.objectContaining({ authorization: `Bearer ${old}`, body: { password: 'riff-raff' } })]);
    expect(session.accessToken).toBe(fresh.access_token);
    expect(events).toEqual([['TOKEN_REFRESHED', fresh.access_token]]);
  });

  it('asks for a mailed code to confirm it is you', async () => {
    const { manager } = await signedIn();
    const sent = answer('post', '/auth/reauthenticate/email-code', new HttpResponse(null, { status: 204 }));
    await manager.sendReauthenticationCode();
    expect(sent).toHaveLength(1);
  });

  it('reauthenticate() asks through the prompt the app set, once for calls that wait together', async () => {
    const { manager } = await signedIn();
    let answerPrompt!: (token: string | null) => void;
    const prompt = jest.fn((_factors: readonly string[]) => new Promise<string | null>((resolve) => (answerPrompt = resolve)));
    const stop = manager.setReauthenticationPrompt(prompt);

    const first = manager.reauthenticate(['password', 'totp']);
    const second = manager.reauthenticate(['password', 'totp']);
    answerPrompt('new-token');

    await expect(Promise.all([first, second])).resolves.toEqual(['new-token', 'new-token']);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(prompt).toHaveBeenCalledWith(['password', 'totp']);

    // A later refusal is asked about anew; once the app stops asking, nobody is asked.
    const third = manager.reauthenticate(['password']);
    answerPrompt(null);
    await expect(third).resolves.toBeNull();
    expect(prompt).toHaveBeenCalledTimes(2);
    stop();
    await expect(manager.reauthenticate(['password'])).resolves.toBeNull();
    expect(prompt).toHaveBeenCalledTimes(2);
  });

  it('reauthenticate() is null signed out, and when the session changed while the person was asked', async () => {
    const { manager } = setup();
    await manager.initialize();
    const prompt = jest.fn(() => Promise.resolve('token'));
    manager.setReauthenticationPrompt(prompt);
    await expect(manager.reauthenticate(['password'])).resolves.toBeNull();
    expect(prompt).not.toHaveBeenCalled();

    answer('post', '/auth/token', sessionDto());
    await manager.signInWithPassword('fan@example.com', 'riff-raff');
    let answerPrompt!: (token: string | null) => void;
    manager.setReauthenticationPrompt(() => new Promise((resolve) => (answerPrompt = resolve)));
    const asked = manager.reauthenticate(['password']);
    manager.forget();
    answerPrompt('token-of-a-session-that-ended');
    await expect(asked).resolves.toBeNull();
  });
});
