import * as client from '@grouarock/api-client';
import { apiClient, getUser, updateUser } from '@grouarock/api-client';
import { SessionManager } from '../features/auth';
import { httpError, ok, rejects, sessionDto } from '../testing/auth-fixtures';
import { ApiError, configureApiClient, isTokenEndpoint, toApiError, withTimeout } from './api';

// The session's own calls are stand-ins; every other call goes through the real generated client.
jest.mock('@grouarock/api-client', () => ({ ...jest.requireActual('@grouarock/api-client'), token: jest.fn(), logout: jest.fn() }));

const api = jest.mocked(client);

/**
 * A stand-in for the server: /api/v1/auth/user answers 200 only to the currently valid token, 401 otherwise.
 * `valid` is what the server accepts right now; `seen` what reached it (with the body, to show repeats keep it).
 */
function fakeServer() {
  const seen: { url: string; authorization: string | null; body: string }[] = [];
  const state = { valid: '' };
  const send = async (request: Request) => {
    const authorization = request.headers.get('Authorization');
    seen.push({ url: new URL(request.url).pathname + new URL(request.url).search, authorization, body: await request.text() });
    const status = authorization === `Bearer ${state.valid}` ? 200 : 401;
    return Response.json(status === 200 ? { ok: true } : { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status });
  };
  return { send, seen, state };
}

let unconfigure: () => void = () => undefined;
afterEach(() => unconfigure());

/** The generated client, set up as main.tsx does, talking to `server`. */
function connect(manager: SessionManager, server: ReturnType<typeof fakeServer>) {
  unconfigure = configureApiClient(manager, server.send);
  apiClient.setConfig({ baseUrl: 'http://localhost' });
}

async function signedInManager() {
  const manager = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
  await manager.initialize();
  api.token.mockImplementationOnce(() => ok(sessionDto()) as never);
  await manager.signInWithPassword('fan@example.com', 'riff-raff');
  return manager;
}

describe('the configured API client', () => {
  it('sends the access token as a Bearer header', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    server.state.valid = manager.accessToken() ?? '';
    connect(manager, server);

    await expect(getUser()).resolves.toMatchObject({ response: { status: 200 } });
    expect(server.seen).toEqual([{ url: '/api/v1/auth/user', authorization: `Bearer ${manager.accessToken()}`, body: '' }]);
  });

  it('after a 401 refreshes once and repeats the call with the new token', async () => {
    const manager = await signedInManager();
    const expired = manager.accessToken();
    const server = fakeServer();
    const fresh = sessionDto();
    server.state.valid = fresh.access_token;
    api.token.mockImplementationOnce(() => ok(fresh) as never);
    connect(manager, server);

    await expect(getUser()).resolves.toMatchObject({ response: { status: 200 } });

    expect(server.seen.map((s) => s.authorization)).toEqual([`Bearer ${expired}`, `Bearer ${fresh.access_token}`]);
    expect(api.token).toHaveBeenLastCalledWith(expect.objectContaining({ query: { grant_type: 'refresh_token' } }));
    expect(manager.accessToken()).toBe(fresh.access_token);
  });

  it('concurrent calls that all got a 401 share one refresh', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    const fresh = sessionDto();
    server.state.valid = fresh.access_token;
    let answer!: (value: unknown) => void;
    api.token.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)) as never);
    connect(manager, server);

    const calls = [1, 2, 3].map(() => getUser());
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer({ data: fresh });
    const results = await Promise.all(calls);

    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(api.token).toHaveBeenCalledTimes(2); // the sign-in, then one refresh
  });

  it('retries only once: a second 401 is the answer', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    server.state.valid = 'nothing-matches';
    api.token.mockImplementationOnce(() => ok(sessionDto()) as never);
    connect(manager, server);

    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401 });
    expect(server.seen).toHaveLength(2);
  });

  it('when the refresh is refused the call fails and the session is over', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    api.token.mockImplementationOnce(() => rejects(httpError(401, { code: 'invalid_refresh_token' })));
    connect(manager, server);

    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401 });
    expect(server.seen).toHaveLength(1);
    expect(manager.status).toBe('signedOut');
  });

  it('never adds a token to, nor retries, the token endpoint; signed out there is nothing to add', async () => {
    const manager = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
    const server = fakeServer();
    connect(manager, server);

    await expect(apiClient.post({ url: '/api/v1/auth/token?grant_type=refresh_token', throwOnError: true })).rejects.toBeInstanceOf(ApiError);
    await expect(getUser({ throwOnError: true })).rejects.toMatchObject({ status: 401 });
    expect(server.seen).toEqual([
      { url: '/api/v1/auth/token?grant_type=refresh_token', authorization: null, body: '' },
      { url: '/api/v1/auth/user', authorization: null, body: '' },
    ]);
    expect(api.token).not.toHaveBeenCalled();
  });

  it('recognises the token endpoint with or without its query', () => {
    expect(isTokenEndpoint('/api/v1/auth/token?grant_type=password')).toBe(true);
    expect(isTokenEndpoint('/api/v1/auth/token')).toBe(true);
    expect(isTokenEndpoint('/api/v1/auth/user')).toBe(false);
    expect(isTokenEndpoint(undefined)).toBe(false);
  });

  it('repeats a call with its body after the refresh', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    const fresh = sessionDto();
    server.state.valid = fresh.access_token;
    api.token.mockImplementationOnce(() => ok(fresh) as never);
    connect(manager, server);

    const { response } = await updateUser({ body: { data: { username: 'riff' } } });

    expect(response.status).toBe(200);
    expect(server.seen.map((s) => s.body)).toEqual(['{"data":{"username":"riff"}}', '{"data":{"username":"riff"}}']);
  });

  it('leaves a call that brings its own Authorization header alone', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    connect(manager, server);

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
