import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccessTokens } from './access-tokens';
import { authErrors } from './auth-errors';
import { SessionsService } from './sessions.service';

export interface Principal {
  userId: string;
  sessionId: string;
  isAnonymous: boolean;
}

type AuthedRequest = Request & { principal?: Principal };

/** A valid access token of a session that has not ended; the caller acts only as that user. */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  /** Whether a request without any Authorization header passes (as nobody). */
  protected readonly optional: boolean = false;

  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (this.optional && !request.get('authorization')) return true;
    const [scheme, token] = (request.get('authorization') ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw authErrors.unauthenticated();
    const claims = await this.accessTokens.verify(token);
    if (!claims) throw authErrors.unauthenticated();
    if (!(await this.sessions.isActive(claims.sid))) throw authErrors.unauthenticated('The session has ended');
    request.principal = { userId: claims.sub, sessionId: claims.sid, isAnonymous: claims.is_anonymous };
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
