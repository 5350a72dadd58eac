import type { DatabaseRepository, TransactionRepositories } from '../repositories/database.repository';
import type { SessionRepository } from '../repositories/session.repository';
import type { RefreshToken } from '../repositories/schema/refresh-token.entity';
import { hashToken } from '../core/security/secrets';
import type { Session } from '../repositories/schema/session.entity';
import { SessionsService } from './sessions.service';

// Refresh-token rotation on its own: the repository is a mock, and the transaction runs the work on it directly.

const now = new Date('2026-11-24T12:00:00Z');
const live: Session = { id: 's1', userId: 'u1', userAgent: null, ip: null, createdAt: now, lastActiveAt: now, authenticatedAt: now, aal: 'aal1', amr: [], revokedAt: null, revokedReason: null };

function setUp(token: Partial<RefreshToken> | null, session: Session | null = live) {
  const stored = token && ({ id: 't1', sessionId: 's1', tokenHash: hashToken('old'), createdAt: now, expiresAt: new Date(now.getTime() + 60_000), usedAt: null, ...token } as RefreshToken);
  const sessions = {
    lockToken: jest.fn(async () => stored),
    findToken: jest.fn(async () => stored),
    findSession: jest.fn(async () => session),
    markTokenUsed: jest.fn(async (t: RefreshToken, at: Date) => void (t.usedAt = at)),
    addToken: jest.fn(async () => undefined),
    touch: jest.fn(async () => undefined),
    revoke: jest.fn(async () => undefined),
  };
  const database = { transaction: (work: (tx: TransactionRepositories) => Promise<unknown>) => work({ sessions } as unknown as TransactionRepositories) };
  const service = new SessionsService(database as unknown as DatabaseRepository, sessions as unknown as SessionRepository);
  return { service, sessions, stored };
}

describe('SessionsService.rotate', () => {
  it('spends the token and issues the next one for the same session', async () => {
    const { service, sessions, stored } = setUp({});
    const issued = await service.rotate('old', undefined, now);
    expect(issued.session.id).toBe('s1');
    expect(issued.refreshToken).not.toBe('old');
    expect(stored?.usedAt).toEqual(now);
    expect(sessions.addToken).toHaveBeenCalledWith('s1', hashToken(issued.refreshToken), expect.any(Date));
    expect(sessions.revoke).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown token', null, live],
    ['an expired token', { expiresAt: now }, live],
    ['a token of an ended session', {}, { ...live, revokedAt: now }],
  ])('refuses %s without issuing anything', async (_, token, session) => {
    const { service, sessions } = setUp(token, session);
    await expect(service.rotate('old', undefined, now)).rejects.toMatchObject({ response: { code: 'invalid_refresh_token' } });
    expect(sessions.addToken).not.toHaveBeenCalled();
  });

  it('lets a second tab use the same token within the grace period', async () => {
    const { service, sessions } = setUp({ usedAt: new Date(now.getTime() - SessionsService.reuseGraceMs + 1) });
    await expect(service.rotate('old', undefined, now)).resolves.toMatchObject({ session: { id: 's1' } });
    expect(sessions.markTokenUsed).not.toHaveBeenCalled();
    expect(sessions.revoke).not.toHaveBeenCalled();
  });

  it('ends the whole session when a spent token comes back after the grace period', async () => {
    const { service, sessions } = setUp({ usedAt: new Date(now.getTime() - SessionsService.reuseGraceMs - 1) });
    await expect(service.rotate('old', undefined, now)).rejects.toMatchObject({ response: { code: 'refresh_token_reused' } });
    expect(sessions.revoke).toHaveBeenCalledWith({ id: 's1' }, 'refresh_token_reused');
    expect(sessions.addToken).not.toHaveBeenCalled();
  });
});
