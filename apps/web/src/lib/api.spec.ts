import { apiClient, getUser, updateUser } from '@grouarock/api-client';
import { SessionManager } from '../features/auth';
import { apiError, apiServer, apiUrl, http, HttpResponse, setApiSession, setupApiServer } from '../testing/api-server';
import { sessionDto, userDto } from '../testing/auth-fixtures';
import { ApiError, isTokenEndpoint, toApiError, withTimeout } from './api';

// The client is configured as main.tsx does it (setupApiServer), with the test's session (setApiSession).
setupApiServer();

type TokenAnswer = ReturnType<typeof sessionDto> | (() => Response | Promise<Response>);

/**
 * The server: /api/v1/auth/user answers 200 only to the currently valid token, 401 otherwise; the token endpoint
 * gives `tokens` in turn (a refused refresh once they run out). `valid` is what the server accepts right now; `seen`
 * what reached it after the sign-in (with the body, to show repeats keep it).
 */
function fakeServer(...tokens: TokenAnswer[]) {
  const seen: { url: string; authorization: string | null; body: string }[] = [];
  const state = { valid: '', recording: true };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    if (state.recording) seen.push({ url: url.pathname + url.search, authorization: request.headers.get('Authorization'), body: await request.text() });
  };
  apiServer.use(
    http.all(apiUrl('/auth/user'), async ({ request }) => {
      await record(request);
      const valid = request.headers.get('Authorization') === `Bearer ${state.valid}`;
      return valid ? HttpResponse.json({ ok: true }) : apiError(401, { message: 'Unauthorized' });
    }),
    http.post(apiUrl('/auth/token'), async ({ request }) => {
      await record(request);
      const next = tokens.shift();
      if (!next) return apiError(401, { code: 'invalid_refresh_token' });
      return typeof next === 'function' ? next() : HttpResponse.json(next);
    }),
  );
  return { seen, state };
}

/** A signed-in session whose token the client carries; the sign-in itself is not among `seen`. */
async function signedIn(server: ReturnType<typeof fakeServer>) {
  const manager = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
  setApiSession(manager);
  await manager.initialize();
  server.state.recording = false;
  await manager.signInWithPassword('fan@example.com', 'riff-raff');
  server.state.recording = true;
  return manager;
}

const tokenCalls = (server: ReturnType<typeof fakeServer>) => server.seen.filter((request) => request.url.startsWith('/api/v1/auth/token'));

describe('the configured API client', () => {
  it('sends the access token as a Bearer header', async () => {
    const server = fakeServer(sessionDto());
    const manager = await signedIn(server);
    server.state.valid = manager.accessToken() ?? '';

    await expect(getUser()).resolves.toMatchObject({ response: { status: 200 } });
    expect(server.seen).toEqual([{ url: '/api/v1/auth/user', authorization: `Bearer ${manager.accessToken()}`, body: '' }]);
  });

  it('after a 401 refreshes once and repeats the call with the new token', async () => {
    const fresh = sessionDto();
    const server = fakeServer(sessionDto(), fresh);
    const manager = await signedIn(server);
    const expired = manager.accessToken();
    server.state.valid = fresh.access_token;

    await expect(getUser()).resolves.toMatchObject({ response: { status: 200 } });

    expect(server.seen.filter((request) => request.url === '/api/v1/auth/user').map((s) => s.authorization)).toEqual([`Bearer ${expired}`, `Bearer ${fresh.access_token}`]);
    expect(tokenCalls(server).map((request) => request.url)).toEqual(['/api/v1/auth/token?grant_type=refresh_token']);
    expect(manager.accessToken()).toBe(fresh.access_token);
  });

  it('refreshes a token that has run out by this clock before the call, instead of sending it to be refused', async () => {
    const fresh = sessionDto();
    const server = fakeServer(sessionDto(1), fresh);
    const manager = await signedIn(server);
    server.state.valid = fresh.access_token;

    await expect(getUser()).resolves.toMatchObject({ response: { status: 200 } });

    expect(server.seen.map((request) => [request.url, request.authorization])).toEqual([
      ['/api/v1/auth/token?grant_type=refresh_token', null],
      ['/api/v1/auth/user', `Bearer ${fresh.access_token}`],
    ]);
    expect(manager.accessToken()).toBe(fresh.access_token);
  });

  it('concurrent calls that all got a 401 share one refresh', async () => {
    const fresh = sessionDto();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const server = fakeServer(sessionDto(), async () => (await answered, HttpResponse.json(fresh)));
    await signedIn(server);
    server.state.valid = fresh.access_token;

    const calls = [1, 2, 3].map(() => getUser());
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    const results = await Promise.all(calls);

    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(tokenCalls(server)).toHaveLength(1); // one refresh after the sign-in
  });

  it('retries only once: a second 401 is the answer', async () => {
    const server = fakeServer(sessionDto(), sessionDto());
    await signedIn(server);
    server.state.valid = 'nothing-matches';

    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401 });
    expect(server.seen.filter((request) => request.url === '/api/v1/auth/user')).toHaveLength(2);
  });

  it('when the refresh is refused the call fails and the session is over', async () => {
    const server = fakeServer(sessionDto(), () => apiError(401, { code: 'invalid_refresh_token' }));
    const manager = await signedIn(server);

    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401 });
    expect(server.seen.filter((request) => request.url === '/api/v1/auth/user')).toHaveLength(1);
    expect(manager.status).toBe('signedOut');
  });

  it('never adds a token to, nor retries, the token endpoint; signed out there is nothing to add', async () => {
    const server = fakeServer();
    setApiSession(new SessionManager({ arrivedThroughRedirect: () => false, storage: null }));

    await expect(apiClient.post({ url: '/api/v1/auth/token?grant_type=refresh_token', throwOnError: true })).rejects.toBeInstanceOf(ApiError);
    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401 });
    expect(server.seen).toEqual([
      { url: '/api/v1/auth/token?grant_type=refresh_token', authorization: null, body: '' },
      { url: '/api/v1/auth/user', authorization: null, body: '' },
    ]);
  });

  it('recognises the token endpoint with or without its query', () => {
    expect(isTokenEndpoint('/api/v1/auth/token?grant_type=password')).toBe(true);
    expect(isTokenEndpoint('/api/v1/auth/token')).toBe(true);
    expect(isTokenEndpoint('/api/v1/auth/user')).toBe(false);
    expect(isTokenEndpoint(undefined)).toBe(false);
  });

  it('repeats a call with its body after the refresh', async () => {
    const fresh = sessionDto();
    const server = fakeServer(sessionDto(), fresh);
    await signedIn(server);
    server.state.valid = fresh.access_token;

    const { response } = await updateUser({ body: { data: { username: 'riff' } } });

    expect(response.status).toBe(200);
    expect(server.seen.filter((request) => request.url === '/api/v1/auth/user').map((s) => s.body)).toEqual(['{"data":{"username":"riff"}}', '{"data":{"username":"riff"}}']);
  });

  it('leaves a call that brings its own Authorization header alone', async () => {
    const server = fakeServer(sessionDto());
    await signedIn(server);

    await getUser({ headers: { Authorization: 'Bearer mine' } });

    expect(server.seen).toEqual([{ url: '/api/v1/auth/user', authorization: 'Bearer mine', body: '' }]);
  });
});

const userUrl = 'http://localhost/api/v1/auth/user';

describe('withTimeout', () => {
  it('aborts a call that does not answer in time', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)));
    await expect(withTimeout(hang, 20)(new Request(userUrl))).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('still honours the caller\'s own signal', async () => {
    const caller = new AbortController();
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const call = withTimeout(hang, 60_000)(new Request(userUrl, { signal: caller.signal }));
    caller.abort();
    await expect(call).rejects.toThrow('aborted');
  });
});

describe('toApiError', () => {
  it('reads status, message, code, fields and Retry-After from an error answer', () => {
    const response = new Response(null, { status: 429, headers: { 'Retry-After': '41.2' } });
    const error = toApiError({ statusCode: 429, message: ['slow down', 'really'], code: 'rate_limited', fields: ['email'] }, response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'slow down. really', code: 'rate_limited', retryAfterSeconds: 42, fields: ['email'] });
    expect(error.retryable).toBe(false);
  });

  it('a text answer keeps its text; no answer at all is status 0 and worth retrying', () => {
    expect(toApiError('Bad Gateway', new Response(null, { status: 502 }))).toMatchObject({ status: 502, message: 'Bad Gateway', retryable: true });
    expect(toApiError(new TypeError('Failed to fetch'), undefined)).toMatchObject({ status: 0, message: 'Failed to fetch', retryable: true });
  });
});

describe('a call that needs a recent sign-in (401 reauthentication_required)', () => {
  const factorsBody = { statusCode: 401, error: 'Unauthorized', message: 'Confirm it is you', code: 'reauthentication_required', factors: ['password', 'totp', 'recovery'] };

  /**
   * PUT /auth/user answers 401 reauthentication_required to every token but `state.confirmed` (the one a
   * re-authentication gave); every request to it is in `seen`, with its token and body.
   */
  function sensitiveServer() {
    const seen: { authorization: string | null; body: string }[] = [];
    const state = { confirmed: 'not-yet' };
    apiServer.use(
      http.put(apiUrl('/auth/user'), async ({ request }) => {
        seen.push({ authorization: request.headers.get('Authorization'), body: await request.text() });
        if (request.headers.get('Authorization') === `Bearer ${state.confirmed}`) return HttpResponse.json(userDto());
        return HttpResponse.json(factorsBody, { status: 401 });
      }),
    );
    return { seen, state };
  }

  it('asks the person once, then repeats the call once with the new token and the same body', async () => {
    const server = fakeServer(sessionDto());
    const sensitive = sensitiveServer();
    const manager = await signedIn(server);
    const stale = manager.accessToken();
    const prompt = jest.fn(async (_factors: readonly string[]) => {
      sensitive.state.confirmed = 'confirmed-token';
      return 'confirmed-token';
    });
    manager.setReauthenticationPrompt(prompt);

    const { data } = await updateUser({ body: { password: 'new-riff-raff', current_password: 'riff-raff' }, throwOnError: true });

    expect(data).toEqual(userDto());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(prompt).toHaveBeenCalledWith(['password', 'totp', 'recovery']);
    const body = '{"password":"new-riff-raff","current_password":"riff-raff"}';
    expect(sensitive.seen).toEqual([
      { authorization: `Bearer ${stale}`, body },
      { authorization: 'Bearer confirmed-token', body },
    ]);
    // Not a matter of the token: no refresh was tried.
    expect(tokenCalls(server)).toEqual([]);
  });

  it('turned down, the call fails with an ApiError of code reauthentication_required, and nothing is refreshed', async () => {
    const server = fakeServer(sessionDto());
    const sensitive = sensitiveServer();
    const manager = await signedIn(server);
    manager.setReauthenticationPrompt(() => Promise.resolve(null));

    const failure = await updateUser({ body: { data: { username: 'riff' } }, throwOnError: true }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'reauthentication_required', details: { factors: ['password', 'totp', 'recovery'] } });
    expect(sensitive.seen).toHaveLength(1);
    expect(tokenCalls(server)).toEqual([]);
    expect(manager.status).toBe('signedIn');
  });

  it('with nobody to ask (no prompt set), the call fails the same way', async () => {
    const server = fakeServer(sessionDto());
    sensitiveServer();
    await signedIn(server);
    await expect(updateUser({ body: { data: { username: 'riff' } }, throwOnError: true })).rejects.toMatchObject({ status: 401, code: 'reauthentication_required' });
    expect(tokenCalls(server)).toEqual([]);
  });

  it('two calls refused together share one ask, and each is repeated once', async () => {
    const server = fakeServer(sessionDto());
    const sensitive = sensitiveServer();
    const manager = await signedIn(server);
    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const prompt = jest.fn(async () => {
      await confirmed;
      sensitive.state.confirmed = 'confirmed-token';
      return 'confirmed-token';
    });
    manager.setReauthenticationPrompt(prompt);

    const calls = [updateUser({ body: { data: { username: 'one' } } }), updateUser({ body: { data: { username: 'two' } } })];
    await new Promise((resolve) => setTimeout(resolve, 50));
    confirm();
    const results = await Promise.all(calls);

    expect(results.map((result) => result.response.status)).toEqual([200, 200]);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(sensitive.seen.filter((request) => request.authorization === 'Bearer confirmed-token').map((request) => request.body).sort()).toEqual([
      '{"data":{"username":"one"}}',
      '{"data":{"username":"two"}}',
    ]);
    expect(sensitive.seen).toHaveLength(4);
  });

  it('repeats only once: refused again after the confirmation, that refusal is the answer', async () => {
    const server = fakeServer(sessionDto());
    const sensitive = sensitiveServer();
    const manager = await signedIn(server);
    const prompt = jest.fn(() => Promise.resolve('still-not-it'));
    manager.setReauthenticationPrompt(prompt);

    await expect(updateUser({ body: { data: { username: 'riff' } }, throwOnError: true })).rejects.toMatchObject({ code: 'reauthentication_required' });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(sensitive.seen).toHaveLength(2);
  });

  it('an expired token is refreshed first; a call that then also needs a recent sign-in asks after all', async () => {
    const fresh = sessionDto();
    const server = fakeServer(sessionDto(), fresh);
    const seen: (string | null)[] = [];
    apiServer.use(
      http.put(apiUrl('/auth/user'), ({ request }) => {
        const authorization = request.headers.get('Authorization');
        seen.push(authorization);
        if (authorization === `Bearer ${fresh.access_token}`) return HttpResponse.json(factorsBody, { status: 401 });
        if (authorization === 'Bearer confirmed-token') return HttpResponse.json(userDto());
        return apiError(401, { code: 'invalid_access_token' });
      }),
    );
    const manager = await signedIn(server);
    const expired = manager.accessToken();
    manager.setReauthenticationPrompt(() => Promise.resolve('confirmed-token'));

    await expect(updateUser({ body: { data: { username: 'riff' } }, throwOnError: true })).resolves.toMatchObject({ response: { status: 200 } });
    expect(seen).toEqual([`Bearer ${expired}`, `Bearer ${fresh.access_token}`, 'Bearer confirmed-token']);
    expect(tokenCalls(server)).toHaveLength(1);
  });

  it('a 401 with another code (or none) still refreshes, as before', async () => {
    const server = fakeServer(sessionDto(), sessionDto());
    const manager = await signedIn(server);
    const prompt = jest.fn(() => Promise.resolve('never'));
    manager.setReauthenticationPrompt(prompt);
    apiServer.use(http.get(apiUrl('/auth/user'), () => apiError(401, { code: 'invalid_access_token' })));

    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401, code: 'invalid_access_token' });
    expect(prompt).not.toHaveBeenCalled();
    expect(tokenCalls(server)).toHaveLength(1);
  });
});

describe('toApiError: what refusals bring besides their code', () => {
  it('mfa_required carries its token and the account\'s factors', () => {
    const error = toApiError({ statusCode: 403, message: 'Enter the code', code: 'mfa_required', mfa_token: 'mfa-1', factors: ['totp', 'recovery', 7] }, new Response(null, { status: 403 }));
    expect(error).toMatchObject({ status: 403, code: 'mfa_required', details: { mfaToken: 'mfa-1', factors: ['totp', 'recovery'] } });
  });

  it('other refusals have no details', () => {
    expect(toApiError({ statusCode: 400, message: 'no', code: 'invalid_credentials' }, new Response(null, { status: 400 })).details).toEqual({});
  });
});
