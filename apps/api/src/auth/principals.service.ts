import { Injectable } from '@nestjs/common';
import type { ApiKeyScope } from '../repositories/schema/api-key.entity';
import type { AssuranceLevel } from '../repositories/schema/session.entity';
import { isWellFormedApiKey, looksLikeApiKey } from '../core/security/api-key-format';
import { API_PREFIX } from '../core/http/openapi';
import { ApiKeyRepository } from '../repositories/api-key.repository';
import { RealtimeTicketRepository } from '../repositories/realtime-ticket.repository';
import { AccessTokens } from './access-tokens';
import { authErrors } from './auth-errors';
import { hashToken, randomToken } from '../core/security/secrets';
import { SessionsService } from './sessions.service';

/** A user acting through one of their sessions (the web app). */
export interface SessionPrincipal {
  via: 'session';
  userId: string;
  sessionId: string;
  isAnonymous: boolean;
  /** When its owner last proved who they are in this session (sign-in or re-authentication). */
  authenticatedAt: Date;
  /** Whether a second factor (or a passkey) was proven in it. */
  aal: AssuranceLevel;
}

/** A developer's program acting with one of their API keys. Keys belong to full accounts only. */
export interface KeyPrincipal {
  via: 'key';
  userId: string;
  keyId: string;
  scope: ApiKeyScope;
  isAnonymous: false;
}

/** The holder of a realtime ticket: whoever asked for it, on the socket only. */
export interface TicketPrincipal {
  via: 'ticket';
  userId: string;
  isAnonymous: boolean;
}

/** The caller of an authenticated request. */
export type Principal = SessionPrincipal | KeyPrincipal | TicketPrincipal;

/** Realtime tickets: `grt_` and 256 random bits, single-use, for 60 s. */
const TICKET_PREFIX = 'grt_';
export const TICKET_TTL_SECONDS = 60;

/**
 * The one place a bearer token becomes a principal, for HTTP requests (AuthGuard) and WebSocket upgrades alike, so
 * both accept and refuse exactly the same tokens (docs/api-conventions.md, "Authentication").
 */
@Injectable()
export class Principals {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly sessions: SessionsService,
    private readonly apiKeys: ApiKeyRepository,
    private readonly tickets: RealtimeTicketRepository,
  ) {}

  /** An access token's or an API key's principal; anything else rejects with the 401 to answer. */
  fromBearer(token: string): Promise<Principal> {
    return looksLikeApiKey(token) ? this.fromApiKey(token) : this.fromAccessToken(token);
  }

  /**
   * The principal of the realtime socket's `?token=`: a session's access token, or a ticket from
   * POST /realtime/ticket (used up now). An API key is refused: it would travel in a URL, into logs and histories.
   */
  async fromSocketToken(token: string): Promise<Principal> {
    if (looksLikeApiKey(token)) throw authErrors.unauthenticated(`API keys are not accepted in URLs: connect with a ticket from POST /${API_PREFIX}/realtime/ticket`);
    if (!token.startsWith(TICKET_PREFIX)) return this.fromAccessToken(token);
    const holder = await this.tickets.redeem(hashToken(token));
    if (!holder) throw authErrors.unauthenticated('The ticket is not valid, was used already or has expired');
    return { via: 'ticket', userId: holder.userId, isAnonymous: holder.isAnonymous };
  }

  /** A single-use ticket to the realtime socket for the caller, valid for a minute. */
  async issueTicket(principal: Principal): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = `${TICKET_PREFIX}${randomToken()}`;
    return { ticket, expiresAt: await this.tickets.issue(hashToken(ticket), principal.userId, principal.isAnonymous, TICKET_TTL_SECONDS) };
  }

  /**
   * The principal of a valid token whose session has not ended. Anything else rejects with the 401 to
   * answer, whose message says which of the two it was; a database failure rejects as it is.
   */
  async fromAccessToken(token: string): Promise<SessionPrincipal> {
    const claims = await this.accessTokens.verify(token);
    if (!claims) throw authErrors.unauthenticated();
    const session = await this.sessions.live(claims.sid);
    if (!session) throw authErrors.unauthenticated('The session has ended');
    return { via: 'session', userId: claims.sub, sessionId: claims.sid, isAnonymous: claims.is_anonymous, authenticatedAt: session.authenticatedAt, aal: session.aal };
  }

  /**
   * The principal of an active key, read from the database on every request (a revoked key fails on the very next
   * one). A key that fails its checksum is refused without a lookup.
   */
  async fromApiKey(key: string): Promise<KeyPrincipal> {
    if (!isWellFormedApiKey(key)) throw authErrors.invalidApiKey();
    const row = await this.apiKeys.activeByHash(hashToken(key));
    if (!row || row.isAnonymous) throw authErrors.invalidApiKey();
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await this.apiKeys.touch(row.id);
    return { via: 'key', userId: row.userId, keyId: row.id, scope: row.scope, isAnonymous: false };
  }
}
