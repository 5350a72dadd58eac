import * as client from '@grouarock/api-client';
import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { SessionManager } from '../features/auth';
import { httpError, ok, rejects, sessionDto } from '../testing/auth-fixtures';
import { installAuthInterceptors, isTokenEndpoint } from './api';

jest.mock('@grouarock/api-client', () => ({ token: jest.fn(), logout: jest.fn() }));

const api = jest.mocked(client);

/**
 * A stand-in for the server: /api/v1/auth/user answers 200 only to the currently valid token, 401 otherwise.
 * `valid` is what the server accepts right now.
 */
function fakeServer() {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const state = { valid: '' };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const authorization = AxiosHeaders.from(config.headers).get('Authorization') as string | undefined;
    seen.push({ url: config.url ?? '', authorization });
    const status = authorization === `Bearer ${state.valid}` ? 200 : 401;
    const response = { data: { ok: status === 200 }, status, statusText: '', headers: {}, config };
    if (status === 200) return response;
    throw Object.assign(httpError(401, { code: 'invalid_access_token' }), { config, response: { ...response, data: {} } });
  };
  return { instance: axios.create({ adapter }), seen, state };
}

async function signedInManager() {
  const manager = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
  await manager.initialize();
  api.token.mockImplementationOnce(() => ok(sessionDto()) as never);
  await manager.signInWithPassword('fan@example.com', 'riff-raff');
  return manager;
}

describe('installAuthInterceptors', () => {
  it('sends the access token as a Bearer header', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    server.state.valid = manager.accessToken() ?? '';
    installAuthInterceptors(manager, server.instance);

    await expect(server.instance.get('/api/v1/auth/user')).resolves.toMatchObject({ status: 200 });
    expect(server.seen).toEqual([{ url: '/api/v1/auth/user', authorization: `Bearer ${manager.accessToken()}` }]);
  });

  it('after a 401 refreshes once and repeats the call with the new token', async () => {
    const manager = await signedInManager();
    const expired = manager.accessToken();
    const server = fakeServer();
    const fresh = sessionDto();
    server.state.valid = fresh.access_token;
    api.token.mockImplementationOnce(() => ok(fresh) as never);
    installAuthInterceptors(manager, server.instance);

    await expect(server.instance.get('/api/v1/auth/user')).resolves.toMatchObject({ status: 200 });

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
    installAuthInterceptors(manager, server.instance);

    const calls = [1, 2, 3].map(() => server.instance.get('/api/v1/auth/user'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer({ data: fresh });
    const results = await Promise.all(calls);

    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(api.token).toHaveBeenCalledTimes(2); // the sign-in, then one refresh
  });

  it('retries only once: a second 401 is the answer', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    server.state.valid = 'nothing-matches';
    api.token.mockImplementationOnce(() => ok(sessionDto()) as never);
    installAuthInterceptors(manager, server.instance);

    await expect(server.instance.get('/api/v1/auth/user')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.seen).toHaveLength(2);
  });

  it('when the refresh is refused the call fails and the session is over', async () => {
    const manager = await signedInManager();
    const server = fakeServer();
    api.token.mockImplementationOnce(() => rejects(httpError(401, { code: 'invalid_refresh_token' })));
    installAuthInterceptors(manager, server.instance);

    await expect(server.instance.get('/api/v1/auth/user')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.seen).toHaveLength(1);
    expect(manager.status).toBe('signedOut');
  });

  it('never adds a token to, nor retries, the token endpoint; signed out there is nothing to add', async () => {
    const manager = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
    const server = fakeServer();
    installAuthInterceptors(manager, server.instance);

    await expect(server.instance.post('/api/v1/auth/token?grant_type=refresh_token')).rejects.toMatchObject({ response: { status: 401 } });
    await expect(server.instance.get('/api/v1/auth/user')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.seen).toEqual([
      { url: '/api/v1/auth/token?grant_type=refresh_token', authorization: undefined },
      { url: '/api/v1/auth/user', authorization: undefined },
    ]);
    expect(api.token).not.toHaveBeenCalled();
  });

  it('recognises the token endpoint with or without its query', () => {
    expect(isTokenEndpoint('/api/v1/auth/token?grant_type=password')).toBe(true);
    expect(isTokenEndpoint('/api/v1/auth/token')).toBe(true);
    expect(isTokenEndpoint('/api/v1/auth/user')).toBe(false);
    expect(isTokenEndpoint(undefined)).toBe(false);
  });
});
