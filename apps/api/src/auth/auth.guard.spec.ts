import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { Authenticated } from './authenticated.decorator';
import type { Principal, Principals } from './principals';

class Routes {
  open(): void {}
  @Authenticated() required(): void {}
  @Authenticated({ optional: true }) optional(): void {}
  @Authenticated({ confirmed: true }) accountOnly(): void {}
}

function call(route: keyof Routes, authorization?: string): { context: ExecutionContext; request: { principal?: Principal } } {
  const request = { principal: undefined as Principal | undefined, get: (name: string) => (name === 'authorization' ? authorization : undefined) };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[route],
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

describe('AuthGuard', () => {
  const anonymous: Principal = { userId: 'u1', sessionId: 's1', isAnonymous: true };
  const principals = { fromAccessToken: jest.fn(async (token: string) => (token === 'good' ? anonymous : Promise.reject(new Error('bad token')))) };
  const guard = new AuthGuard(new Reflector(), principals as unknown as Principals);

  it('lets every request through a route without @Authenticated, reading no token', async () => {
    await expect(guard.canActivate(call('open', 'Bearer junk').context)).resolves.toBe(true);
    expect(principals.fromAccessToken).not.toHaveBeenCalledWith('junk');
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
});
