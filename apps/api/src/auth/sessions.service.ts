import { Injectable } from '@nestjs/common';
import { DatabaseRepository } from '../repositories/database.repository';
import { SessionRepository } from '../repositories/session.repository';
import { authErrors } from './auth-errors';
import { hashToken, randomToken } from '../core/security/secrets';
import type { AssuranceLevel, AuthMethod, AuthMethodClaim, Session, SessionEndReason } from '../repositories/schema/session.entity';
import type { LiveSession } from '../repositories/session.repository';

/** Who started a session and how: the address and browser it came from, and the methods proven, newest first. */
export interface SessionStart {
  userAgent?: string;
  ip?: string;
  methods: AuthMethod[];
}

/** The second factors: a session that proved one of them is aal2 (Supabase Auth's rule, a passkey being both). */
const SECOND_FACTORS: ReadonlySet<AuthMethod> = new Set(['totp', 'recovery', 'passkey']);

export function assuranceOf(methods: readonly AuthMethod[]): AssuranceLevel {
  return methods.some((m) => SECOND_FACTORS.has(m)) ? 'aal2' : 'aal1';
}

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

  /** Touching a session's last activity on every request would be a write per request: once a minute is enough. */
  static readonly touchEveryMs = 60_000;

  async start(userId: string, start: SessionStart): Promise<IssuedSession> {
    const timestamp = Math.floor(Date.now() / 1000);
    const session = await this.sessions.create({
      userId,
      userAgent: start.userAgent?.slice(0, 512) ?? null,
      ip: start.ip?.slice(0, 64) ?? null,
      aal: assuranceOf(start.methods),
      amr: start.methods.map((method): AuthMethodClaim => ({ method, timestamp })),
    });
    return { session, refreshToken: await this.issue(this.sessions, session.id) };
  }

  /** Trades a refresh token for the next one. Reusing a spent one ends the whole session. */
  async rotate(refreshToken: string, ip?: string, now = new Date()): Promise<IssuedSession> {
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
      await sessions.touch(session.id, now, ip?.slice(0, 64));
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

  /** The session when it has not ended, its last activity moved on when it is more than a minute old. */
  async live(sessionId: string, now = new Date()): Promise<LiveSession | undefined> {
    const session = await this.sessions.live(sessionId);
    if (session && now.getTime() - session.lastActiveAt.getTime() > SessionsService.touchEveryMs) await this.sessions.touch(session.id, now);
    return session;
  }

  /** The user's sessions that have not ended, most recently active first. */
  liveOf(userId: string): Promise<Session[]> {
    return this.sessions.liveOf(userId);
  }

  /** Ends one session (of `userId`, when given); whether it was live. */
  async end(sessionId: string, reason: SessionEndReason, userId?: string): Promise<boolean> {
    return (await this.sessions.revoke({ id: sessionId, userId }, reason)) > 0;
  }

  /** Every live session of the user, except `keep` when given; how many ended. */
  endAll(userId: string, reason: SessionEndReason, keep?: string): Promise<number> {
    return this.sessions.revoke({ userId, keep }, reason);
  }

  /** Its owner proved who they are again in it, with `method`. */
  reauthenticated(session: LiveSession, method: AuthMethod, now = new Date()): Promise<LiveSession> {
    return this.sessions.reauthenticated(session, { method, timestamp: Math.floor(now.getTime() / 1000) }, assuranceOf([method]), now);
  }

  private async issue(sessions: SessionRepository, sessionId: string): Promise<string> {
    const token = randomToken();
    await sessions.addToken(sessionId, hashToken(token), new Date(Date.now() + SessionsService.refreshTokenTtlMs));
    return token;
  }
}
