import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Not } from 'typeorm';
import { RefreshToken } from './schema/refresh-token.entity';
import { Session, type SessionEndReason } from './schema/session.entity';

/** Sessions and their refresh tokens (stored as hashes). */
@Injectable()
export class SessionRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  private get sessions() {
    return this.manager.getRepository(Session);
  }

  private get tokens() {
    return this.manager.getRepository(RefreshToken);
  }

  create(userId: string, userAgent: string | null): Promise<Session> {
    return this.sessions.save(this.sessions.create({ userId, userAgent }));
  }

  findSession(id: string): Promise<Session | null> {
    return this.sessions.findOneBy({ id });
  }

  isActive(id: string): Promise<boolean> {
    return this.sessions.exists({ where: { id, revokedAt: IsNull() } });
  }

  /** Revokes the live sessions matching: one session, or all of a user's but `keep`. */
  async revoke(which: { id: string } | { userId: string; keep?: string }, reason: SessionEndReason): Promise<void> {
    const where = 'id' in which ? { id: which.id } : { userId: which.userId, ...(which.keep ? { id: Not(which.keep) } : {}) };
    await this.sessions.update({ ...where, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  async addToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.tokens.insert({ sessionId, tokenHash, expiresAt, usedAt: null });
  }

  findToken(tokenHash: string): Promise<RefreshToken | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /** The token, locked until the transaction ends (call it inside DatabaseRepository.transaction). */
  lockToken(tokenHash: string): Promise<RefreshToken | null> {
    return this.tokens.findOne({ where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  async markTokenUsed(token: RefreshToken, at: Date): Promise<void> {
    token.usedAt = at;
    await this.tokens.save(token);
  }

  /** An unspent token with its session and the session's user. */
  findUnusedTokenWithUser(tokenHash: string): Promise<RefreshToken | null> {
    return this.tokens.findOne({ where: { tokenHash, usedAt: IsNull() }, relations: { session: { user: true } } });
  }
}
