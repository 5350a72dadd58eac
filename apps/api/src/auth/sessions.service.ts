import { Injectable } from '@nestjs/common';
import { DatabaseRepository } from '../repositories/database.repository';
import { SessionRepository } from '../repositories/session.repository';
import { authErrors } from './auth-errors';
import { hashToken, randomToken } from '../core/security/secrets';
import type { Session, SessionEndReason } from '../repositories/schema/session.entity';

export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

type Rotation = { ok: IssuedSession } | { reused: true } | { invalid: true };

/** Sessions and their rotating, single-use refresh tokens. */
@Injectable()
export class SessionsService {
  static readonly refreshTokenTtlMs = 30 * 24 * 3600_000;
  /** Two tabs refreshing with the same token at once are not an attack. */
  static readonly reuseGraceMs = 10_000;

  constructor(
    private readonly database: DatabaseRepository,
    private readonly sessions: SessionRepository,
  ) {}

  async start(userId: string, userAgent?: string): Promise<IssuedSession> {
    const session = await this.sessions.create(userId, userAgent?.slice(0, 512) ?? null);
    return { session, refreshToken: await this.issue(this.sessions, session.id) };
  }

  /** Trades a refresh token for the next one. Reusing a spent one ends the whole session. */
  async rotate(refreshToken: string, now = new Date()): Promise<IssuedSession> {
    const tokenHash = hashToken(refreshToken);
    const outcome = await this.database.transaction(async ({ sessions }): Promise<Rotation> => {
      const token = await sessions.lockToken(tokenHash);
      if (!token || token.expiresAt <= now) return { invalid: true };
      const session = await sessions.findSession(token.sessionId);
      if (!session || session.revokedAt) return { invalid: true };
      if (token.usedAt) {
        if (now.getTime() - token.usedAt.getTime() > SessionsService.reuseGraceMs) return { reused: true };
      } else {
        await sessions.markTokenUsed(token, now);
      }
      return { ok: { session, refreshToken: await this.issue(sessions, session.id) } };
    });
    if ('ok' in outcome) return outcome.ok;
    if ('reused' in outcome) {
      const token = await this.sessions.findToken(tokenHash);
      if (token) await this.end(token.sessionId, 'refresh_token_reused');
      throw authErrors.refreshTokenReused();
    }
    throw authErrors.invalidRefreshToken();
  }

  /** The live session (with its user) a refresh token belongs to, without spending it. */
  async peek(refreshToken: string): Promise<Session | undefined> {
    const token = await this.sessions.findUnusedTokenWithUser(hashToken(refreshToken));
    if (!token || token.expiresAt <= new Date() || token.session?.revokedAt) return undefined;
    return token.session;
  }

  isActive(sessionId: string): Promise<boolean> {
    return this.sessions.isActive(sessionId);
  }

  end(sessionId: string, reason: SessionEndReason): Promise<void> {
    return this.sessions.revoke({ id: sessionId }, reason);
  }

  /** Every live session of the user, except `keep` when given. */
  endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<void> {
    return this.sessions.revoke({ userId, keep }, reason);
  }

  private async issue(sessions: SessionRepository, sessionId: string): Promise<string> {
    const token = randomToken();
    await sessions.addToken(sessionId, hashToken(token), new Date(Date.now() + SessionsService.refreshTokenTtlMs));
    return token;
  }
}
