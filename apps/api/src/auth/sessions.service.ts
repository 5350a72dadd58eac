import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Not, Repository } from 'typeorm';
import { authErrors } from './auth-errors';
import { RefreshToken } from './refresh-token.entity';
import { hashToken, randomToken } from './secrets';
import { Session, type SessionEndReason } from './session.entity';

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
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>,
  ) {}

  async start(userId: string, userAgent?: string): Promise<IssuedSession> {
    const session = await this.sessions.save(this.sessions.create({ userId, userAgent: userAgent?.slice(0, 512) ?? null }));
    return { session, refreshToken: await this.issue(this.tokens, session.id) };
  }

  /** Trades a refresh token for the next one. Reusing a spent one ends the whole session. */
  async rotate(refreshToken: string, now = new Date()): Promise<IssuedSession> {
    const outcome = await this.dataSource.transaction(async (manager): Promise<Rotation> => {
      const tokens = manager.getRepository(RefreshToken);
      const token = await tokens.findOne({ where: { tokenHash: hashToken(refreshToken) }, lock: { mode: 'pessimistic_write' } });
      if (!token || token.expiresAt <= now) return { invalid: true };
      const session = await manager.getRepository(Session).findOneBy({ id: token.sessionId });
      if (!session || session.revokedAt) return { invalid: true };
      if (token.usedAt) {
        if (now.getTime() - token.usedAt.getTime() > SessionsService.reuseGraceMs) return { reused: true };
      } else {
        token.usedAt = now;
        await tokens.save(token);
      }
      return { ok: { session, refreshToken: await this.issue(tokens, session.id) } };
    });
    if ('ok' in outcome) return outcome.ok;
    if ('reused' in outcome) {
      const token = await this.tokens.findOneBy({ tokenHash: hashToken(refreshToken) });
      if (token) await this.end(token.sessionId, 'refresh_token_reused');
      throw authErrors.refreshTokenReused();
    }
    throw authErrors.invalidRefreshToken();
  }

  /** The live session (with its user) a refresh token belongs to, without spending it. */
  async peek(refreshToken: string): Promise<Session | undefined> {
    const token = await this.tokens.findOne({
      where: { tokenHash: hashToken(refreshToken), usedAt: IsNull() },
      relations: { session: { user: true } },
    });
    if (!token || token.expiresAt <= new Date() || token.session?.revokedAt) return undefined;
    return token.session;
  }

  async isActive(sessionId: string): Promise<boolean> {
    return this.sessions.exist({ where: { id: sessionId, revokedAt: IsNull() } });
  }

  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  /** Every live session of the user, except `keep` when given. */
  async endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<void> {
    await this.sessions.update(
      { userId, revokedAt: IsNull(), ...(keep ? { id: Not(keep) } : {}) },
      { revokedAt: new Date(), revokedReason: reason },
    );
  }

  private async issue(tokens: Repository<RefreshToken>, sessionId: string): Promise<string> {
    const token = randomToken();
    await tokens.insert({ sessionId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SessionsService.refreshTokenTtlMs), usedAt: null });
    return token;
  }
}
