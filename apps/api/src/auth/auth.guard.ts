import { type CanActivate, createParamDecorator, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAccess } from '../developer/api-key-access.service';
import { bearerOf } from '../core/http/bearer';
import { isWellFormedApiKey, looksLikeApiKey } from '../core/security/api-key-format';
import { authErrors } from './auth-errors';
import { Reauthentication } from './reauthentication';
import { AUTHENTICATED, type AuthenticatedOptions } from './authenticated.decorator';
import { type KeyPrincipal, type Principal, Principals, type SessionPrincipal } from './principals.service';

export type { KeyPrincipal, Principal, SessionPrincipal } from './principals.service';

export type AuthedRequest = FastifyRequest & { principal?: Principal };

const READS = new Set(['GET', 'HEAD']);

/**
 * The global guard behind @Authenticated: a valid access token of a session that has not ended, or an active API key,
 * and the caller acts only as that user. Routes without the decorator are public; an API key sent to one is still
 * checked (so that it is counted against its plan, and a bad one hears 401). A keyed request takes one request of its
 * account's API plan before anything else is checked of it. A read-only key only reads. An address that failed too
 * many key authentications hears 429 before its key is looked at. The key's part is ApiKeyAccess's.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly principals: Principals,
    private readonly keys: ApiKeyAccess,
    private readonly reauthentication: Reauthentication,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const options = this.reflector.get<AuthenticatedOptions | undefined>(AUTHENTICATED, context.getHandler());
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (Object.values(request.query ?? {}).some((value) => typeof value === 'string' && isWellFormedApiKey(value))) throw authErrors.keyInUrl();
    const token = bearerOf(request);
    if (!options) {
      if (token && looksLikeApiKey(token)) request.principal = this.allowed(await this.keyPrincipal(token, context), request, {});
      return true;
    }
    if (options.optional && !request.headers.authorization) return true;
    if (!token) throw authErrors.unauthenticated();
    const principal = looksLikeApiKey(token) ? await this.keyPrincipal(token, context) : await this.principals.fromAccessToken(token);
    request.principal = this.allowed(principal, request, options);
    if (options.recent) await this.reauthentication.assertRecent(principal);
    return true;
  }

  /**
   * The key's principal, its request of the account's plan taken (ApiKeyAccess): unless its address is over the failure
   * limit; a key refused (malformed too) counts there.
   */
  private keyPrincipal(token: string, context: ExecutionContext): Promise<KeyPrincipal> {
    const http = context.switchToHttp();
    return this.keys.admit(token, http.getRequest<FastifyRequest>().ip ?? 'unknown', http.getResponse<FastifyReply>());
  }

  private allowed(principal: Principal, request: FastifyRequest, options: AuthenticatedOptions): Principal {
    if (options.confirmed && principal.isAnonymous) {
      throw new ForbiddenException({ message: 'This needs an account: sign up or sign in first', code: 'account_required' });
    }
    if (principal.via === 'key') {
      if (options.session) throw authErrors.sessionRequired();
      if (principal.scope === 'read-only' && (options.fullAccess || (!READS.has(request.method) && !options.readsOnly))) throw authErrors.insufficientScope();
    }
    return principal;
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

/** The session of an @Authenticated({ session: true }) route. */
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionPrincipal => {
  const principal = ctx.switchToHttp().getRequest<AuthedRequest>().principal;
  if (principal?.via !== 'session') throw authErrors.sessionRequired();
  return principal;
});
