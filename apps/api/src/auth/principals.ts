import { Injectable } from '@nestjs/common';
import { AccessTokens } from './access-tokens';
import { authErrors } from './auth-errors';
import { SessionsService } from './sessions.service';

/** The caller: a user acting through one of their sessions. */
export interface Principal {
  userId: string;
  sessionId: string;
  isAnonymous: boolean;
}

/**
 * The one place an access token becomes a principal, for HTTP requests (AccessTokenGuard) and WebSocket
 * upgrades alike, so both accept and refuse exactly the same tokens (docs/api-conventions.md, "Authentication").
 */
@Injectable()
export class Principals {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * The principal of a valid token whose session has not ended. Anything else rejects with the 401 to
   * answer, whose message says which of the two it was; a database failure rejects as it is.
   */
  async fromAccessToken(token: string): Promise<Principal> {
    const claims = await this.accessTokens.verify(token);
    if (!claims) throw authErrors.unauthenticated();
    if (!(await this.sessions.isActive(claims.sid))) throw authErrors.unauthenticated('The session has ended');
    return { userId: claims.sub, sessionId: claims.sid, isAnonymous: claims.is_anonymous };
  }
}
