import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { Authenticated } from './authenticated.decorator';
import type { Principal, Principals } from './principals.service';
import { newApiKey } from '../core/security/api-key-format';
import type { ApiKeyAccess } from '../developer/api-key-access.service';
import { authErrors } from './auth-errors';
import { RateLimitedException } from '../core/http/attempt-limiter';
import type { UserRepository } from '../repositories/user.repository';
import type { MfaService } from './mfa.service';
import type { PasskeysService } from './passkeys.service';
import { Reauthentication, REAUTHENTICATION_WINDOW_MS } from './reauthentication';

class Routes {
  open(): void {}
  @Authenticated() required(): void {}
  @Authenticated({ optional: true }) optional(): void {}
  @Authenticated({ confirmed: true }) accountOnly(): void {}
  @Authenticated({ session: true }) sessionOnly(): void {}
  @Authenticated({ fullAccess: true }) personalData(): void {}
  @Authenticated({ recent: true }) whatMatters(): void {}
}

function call(route: keyof Routes, authorization?: string, method = 'GET', query: Record<string, unknown> = {}, ip = '192.0.2.1'): { context: ExecutionContext; request: { principal?: Principal } } {
  const request = { method, query, ip, principal: undefined as Principal | undefined, headers: { authorization } };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[route],
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  return { context, request };
}

describe('AuthGuard', () => {
  const anonymous: Principal = { via: 'session', userId: 'u1', sessionId: 's1', isAnonymous: true, authenticatedAt: new Date(), aal: 'aal1' };
  const readOnly = newApiKey();
  const fullAccess = newApiKey();
  const keyPrincipal = (key: string): Principal => ({ via: 'key', userId: 'u2', keyId: key, scope: key === readOnly ? 'read-only' : 'full-access', isAnonymous: false });
  const stale: Principal = { ...anonymous, isAnonymous: false, authenticatedAt: new Date(Date.now() - REAUTHENTICATION_WINDOW_MS - 1000) };
  const fresh: Principal = { ...stale, authenticatedAt: new Date(Date.now() - REAUTHENTICATION_WINDOW_MS + 30_000) };
  const byToken: Record<string, Principal> = { good: anonymous, stale, fresh };
  const fromAccessToken = jest.fn(async (token: string) => byToken[token] ?? Promise.reject(new Error('bad token')));
  const principals = { fromAccessToken };
  // ApiKeyAccess in memory: addresses over the failure limit, the failures it counted, the keys it looked up and the
  // plan requests it took (in PostgreSQL, in one round trip: api-key-access.spec.ts).
  const blocked = new Set<string>();
  const failed: string[] = [];
  const lookedUp: string[] = [];
  const admitted: string[] = [];
  const keys = {
    admit: async (key: string, address: string) => {
      if (blocked.has(address)) throw new RateLimitedException(42);
      lookedUp.push(key);
      if (![readOnly, fullAccess].includes(key)) {
        failed.push(address);
        throw authErrors.invalidApiKey();
      }
      admitted.push('u2');
      return keyPrincipal(key);
    },
  } as unknown as ApiKeyAccess;
  // An account with a password and an authenticator app, and no passkey.
  const reauthentication = new Reauthentication(
    { findById: async () => ({ passwordHash: 'hash', email: 'ala@example.test', emailConfirmedAt: new Date() }) } as unknown as UserRepository,
    { isOn: async () => true } as unknown as MfaService,
    { count: async () => 0 } as unknown as PasskeysService,
  );
  const guard = new AuthGuard(new Reflector(), principals as unknown as Principals, keys, reauthentication);
  beforeEach(() => {
    admitted.length = 0;
    failed.length = 0;
    lookedUp.length = 0;
    blocked.clear();
  });

  it('lets every request through a route without @Authenticated, reading no token', async () => {
    await expect(guard.canActivate(call('open', 'Bearer junk').context)).resolves.toBe(true);
    expect(fromAccessToken).not.toHaveBeenCalledWith('junk');
  });

  it('needs a bearer token on an @Authenticated route and sets the principal from it', async () => {
    await expect(guard.canActivate(call('required').context)).rejects.toMatchObject({ status: 401 });
    await expect(guard.canActivate(call('required', 'Basic abc').context)).rejects.toMatchObject({ status: 401 });
    const { context, request } = call('required', 'Bearer good');
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.principal).toEqual(anonymous);
  });

  it('lets a request without a token through an optional route, but not a bad token', async () => {
    const { context, request } = call('optional');
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.principal).toBeUndefined();
    await expect(guard.canActivate(call('optional', 'Bearer bad').context)).rejects.toThrow('bad token');
  });

  it('refuses an anonymous session where an account is required', async () => {
    await expect(guard.canActivate(call('accountOnly', 'Bearer good').context)).rejects.toMatchObject({ status: 403, response: { code: 'account_required' } });
  });

  it('checks an API key even on a public route, so that it is counted, and refuses a bad one there too', async () => {
    const { context, request } = call('open', `Bearer ${readOnly}`);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.principal).toMatchObject({ via: 'key', scope: 'read-only' });
    await expect(guard.canActivate(call('open', 'Bearer grk_forged').context)).rejects.toMatchObject({ status: 401, response: { code: 'invalid_api_key' } });
  });

  it('counts every refused key against its address, on every kind of route, and no session token nor good key', async () => {
    for (const route of ['open', 'required', 'optional', 'sessionOnly'] as const) {
      await expect(guard.canActivate(call(route, 'Bearer grk_forged', 'GET', {}, '198.51.100.7').context)).rejects.toMatchObject({ status: 401 });
    }
    await expect(guard.canActivate(call('required', 'Bearer bad').context)).rejects.toThrow('bad token');
    await guard.canActivate(call('required', `Bearer ${readOnly}`).context);
    expect(failed).toEqual(Array(4).fill('198.51.100.7'));
  });

  it('refuses every key from an address over the failure limit before looking the key up, a valid one too', async () => {
    blocked.add('198.51.100.8');
    for (const key of [readOnly, 'grk_forged']) {
      await expect(guard.canActivate(call('required', `Bearer ${key}`, 'GET', {}, '198.51.100.8').context)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
      await expect(guard.canActivate(call('open', `Bearer ${key}`, 'GET', {}, '198.51.100.8').context)).rejects.toMatchObject({ status: 429 });
    }
    expect([lookedUp, admitted, failed]).toEqual([[], [], []]);
    // A session from that address, and a key from another, are not its concern.
    await expect(guard.canActivate(call('required', 'Bearer good', 'GET', {}, '198.51.100.8').context)).resolves.toBe(true);
    await expect(guard.canActivate(call('required', `Bearer ${readOnly}`, 'GET', {}, '198.51.100.9').context)).resolves.toBe(true);
  });

  it('lets a read-only key only GET and HEAD, anywhere, and never read personal data', async () => {
    for (const method of ['GET', 'HEAD']) await expect(guard.canActivate(call('required', `Bearer ${readOnly}`, method).context)).resolves.toBe(true);
    for (const route of ['open', 'required'] as const) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        await expect(guard.canActivate(call(route, `Bearer ${readOnly}`, method).context)).rejects.toMatchObject({ status: 403, response: { code: 'insufficient_scope' } });
        await expect(guard.canActivate(call(route, `Bearer ${fullAccess}`, method).context)).resolves.toBe(true);
      }
    }
    await expect(guard.canActivate(call('personalData', `Bearer ${readOnly}`).context)).rejects.toMatchObject({ status: 403 });
    await expect(guard.canActivate(call('personalData', `Bearer ${fullAccess}`).context)).resolves.toBe(true);
    // Every keyed request counts against the plan, the refused ones too; sessions never do.
    expect(admitted).toHaveLength(2 + 2 * 4 * 2 + 2);
    await guard.canActivate(call('required', 'Bearer good').context);
    expect(admitted).toHaveLength(20);
  });

  it('keeps session-only routes (keys, sign-out, the account) from every key', async () => {
    await expect(guard.canActivate(call('sessionOnly', `Bearer ${fullAccess}`).context)).rejects.toMatchObject({ status: 403, response: { code: 'session_required' } });
    await expect(guard.canActivate(call('sessionOnly', 'Bearer good').context)).resolves.toBe(true);
  });

  it('lets what matters through only a sign-in of the last 10 minutes (or a key), else 401 with the ways to confirm', async () => {
    await expect(guard.canActivate(call('whatMatters', 'Bearer stale').context)).rejects.toMatchObject({
      status: 401,
      response: { code: 'reauthentication_required', factors: ['password', 'totp', 'recovery'] },
    });
    await expect(guard.canActivate(call('whatMatters', 'Bearer fresh').context)).resolves.toBe(true);
    await expect(guard.canActivate(call('whatMatters', `Bearer ${fullAccess}`, 'POST').context)).resolves.toBe(true);
  });

  it('refuses a key in the URL, whatever the route', async () => {
    await expect(guard.canActivate(call('open', undefined, 'GET', { api_key: readOnly }).context)).rejects.toMatchObject({ status: 400, response: { code: 'api_key_in_url' } });
  });
});
