import { apiClient, getUser, updateUser } from '@grouarock/api-client';
import { SessionManager } from '../features/auth';
import { apiError, apiServer, apiUrl, http, HttpResponse, setApiSession, setupApiServer } from '../testing/api-server';
import { sessionDto } from '../testing/auth-fixtures';
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
