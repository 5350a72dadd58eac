import { type CanActivate, createParamDecorator, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { authErrors } from './auth-errors';
import { AUTHENTICATED, type AuthenticatedOptions } from './authenticated.decorator';
import { type Principal, Principals } from './principals';

export type { Principal } from './principals';

type AuthedRequest = Request & { principal?: Principal };

/**
 * The global guard behind @Authenticated: a valid access token of a session that has not ended, and the caller acts
 * only as that user. Routes without the decorator are public.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly principals: Principals,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<AuthenticatedOptions | undefined>(AUTHENTICATED, context.getHandler());
    if (!options || context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.get('authorization');
    if (options.optional && !header) return true;
    const [scheme, token] = (header ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw authErrors.unauthenticated();
    request.principal = await this.principals.fromAccessToken(token);
    if (options.confirmed && request.principal.isAnonymous) {
      throw new ForbiddenException({ message: 'This needs an account: sign up or sign in first', code: 'account_required' });
    }
    return true;
  }
}

/** The caller of an @Authenticated({ optional: true }) route, when there is one. */
export const OptionalPrincipal = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Principal | undefined => ctx.switchToHttp().getRequest<AuthedRequest>().principal,
);

/** The signed-in caller of an @Authenticated route. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<AuthedRequest>().principal;
  if (!principal) throw authErrors.unauthenticated();
  return principal;
});
