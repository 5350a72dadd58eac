import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { authErrors } from './auth-errors';
import { type Principal, Principals } from './principals';

export type { Principal } from './principals';

type AuthedRequest = Request & { principal?: Principal };

/** A valid access token of a session that has not ended; the caller acts only as that user. */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  /** Whether a request without any Authorization header passes (as nobody). */
  protected readonly optional: boolean = false;

  constructor(private readonly principals: Principals) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (this.optional && !request.get('authorization')) return true;
    const [scheme, token] = (request.get('authorization') ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw authErrors.unauthenticated();
    request.principal = await this.principals.fromAccessToken(token);
    return true;
  }
}

/** Like AccessTokenGuard, but a request with no token at all passes as nobody; a bad token is still a 401. */
@Injectable()
export class OptionalAccessTokenGuard extends AccessTokenGuard {
  protected override readonly optional = true;
}

/** The caller when OptionalAccessTokenGuard found one. */
export const OptionalPrincipal = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Principal | undefined => ctx.switchToHttp().getRequest<AuthedRequest>().principal,
);

/** The signed-in caller, set by AccessTokenGuard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<AuthedRequest>().principal;
  if (!principal) throw authErrors.unauthenticated();
  return principal;
});
