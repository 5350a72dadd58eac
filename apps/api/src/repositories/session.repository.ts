import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Not } from 'typeorm';
import { RefreshToken } from './schema/refresh-token.entity';
import { type AssuranceLevel, type AuthMethodClaim, Session, type SessionEndReason } from './schema/session.entity';

export interface NewSession {
  userId: string;
  userAgent: string | null;
  ip: string | null;
  aal: AssuranceLevel;
  amr: AuthMethodClaim[];
}

/** What a request needs of its session: whether it is live, and when its owner last proved who they are. */
export type LiveSession = Pick<Session, 'id' | 'aal' | 'amr' | 'authenticatedAt' | 'lastActiveAt'>;

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

  create(session: NewSession): Promise<Session> {
    const now = new Date();
    return this.sessions.save(this.sessions.create({ ...session, authenticatedAt: now, lastActiveAt: now }));
  }

  /** The session if it has not ended, with what a request needs of it (one indexed read per request). */
  async live(id: string): Promise<LiveSession | undefined> {
    return (
      (await this.sessions.findOne({ where: { id, revokedAt: IsNull() }, select: { id: true, aal: true, amr: true, authenticatedAt: true, lastActiveAt: true } })) ??
      undefined
    );
  }

  /** The user's sessions that have not ended, most recently active first. */
  liveOf(userId: string): Promise<Session[]> {
    return this.sessions.find({ where: { userId, revokedAt: IsNull() }, order: { lastActiveAt: 'DESC' } });
  }

  /** Marks the session active now (and from `ip`, when given). */
  async touch(id: string, at: Date, ip?: string): Promise<void> {
    await this.sessions.update({ id }, { lastActiveAt: at, ...(ip ? { ip } : {}) });
  }

  /** Its owner just proved who they are again (`claim`, newest first): the level only goes up. */
  async reauthenticated(session: LiveSession, claim: AuthMethodClaim, aal: AssuranceLevel, at: Date): Promise<LiveSession> {
    const after: LiveSession = {
      ...session,
      authenticatedAt: at,
      amr: [claim, ...session.amr.filter((c) => c.method !== claim.method)],
      aal: session.aal === 'aal2' ? 'aal2' : aal,
    };
    await this.sessions.update({ id: session.id }, { authenticatedAt: after.authenticatedAt, amr: after.amr, aal: after.aal });
    return after;
  }

  findSession(id: string): Promise<Session | null> {
    return this.sessions.findOneBy({ id });
  }

  isActive(id: string): Promise<boolean> {
    return this.sessions.exists({ where: { id, revokedAt: IsNull() } });
  }

  /** Revokes the live sessions matching: one session (of one user, when given), or all of a user's but `keep`; how many ended. */
  async revoke(which: { id: string; userId?: string } | { userId: string; keep?: string }, reason: SessionEndReason): Promise<number> {
    const where = 'id' in which ? { id: which.id, ...(which.userId ? { userId: which.userId } : {}) } : { userId: which.userId, ...(which.keep ? { id: Not(which.keep) } : {}) };
    const result = await this.sessions.update({ ...where, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
    return result.affected ?? 0;
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
