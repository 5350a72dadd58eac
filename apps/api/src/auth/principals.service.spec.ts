import { UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AccessTokens } from './access-tokens';
import { Principals } from './principals.service';
import type { SessionsService } from './sessions.service';
import { newApiKey } from '../core/security/api-key-format';
import type { ApiKeyRepository } from '../repositories/api-key.repository';
import type { RealtimeTicketRepository } from '../repositories/realtime-ticket.repository';
import { hashToken } from '../core/security/secrets';

describe('Principals.fromAccessToken', () => {
  const options = { algorithm: 'HS256', issuer: 'http://test', audience: 'grouarock' } as const;
  const tokens = (secret: string) =>
    new AccessTokens(new JwtService({ secret, signOptions: options, verifyOptions: { ...options, algorithms: ['HS256'] } }));
  const ours = tokens('a-secret-that-is-long-enough-0123456789');
  const active = new Set(['session-1']);
  const signedInAt = new Date('2026-12-02T08:00:00Z');
  const sessions = { live: (id: string) => Promise.resolve(active.has(id) ? { id, aal: 'aal2', amr: [], authenticatedAt: signedInAt, lastActiveAt: signedInAt } : undefined) } as unknown as SessionsService;
  const liveKey = newApiKey();
  const touched: string[] = [];
  const keyRows = new Map([[hashToken(liveKey), { id: 'key-1', userId: 'user-9', scope: 'read-only', lastUsedAt: null, isAnonymous: false }]]);
  const apiKeys = {
    activeByHash: jest.fn((hash: string) => Promise.resolve(keyRows.get(hash))),
    touch: (id: string) => Promise.resolve(void touched.push(id)),
  } as unknown as ApiKeyRepository;
  const issued = new Map<string, { userId: string; isAnonymous: boolean }>();
  const tickets = {
    issue: (hash: string, userId: string, isAnonymous: boolean) => Promise.resolve(void issued.set(hash, { userId, isAnonymous })).then(() => new Date()),
    redeem: (hash: string) => {
      const holder = issued.get(hash);
      issued.delete(hash);
      return Promise.resolve(holder);
    },
  } as unknown as RealtimeTicketRepository;
  const principals = new Principals(ours, sessions, apiKeys, tickets);

  async function refusal(token: string): Promise<{ status: number; body: unknown }> {
    const error = await principals.fromAccessToken(token).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnauthorizedException);
    return { status: (error as UnauthorizedException).getStatus(), body: (error as UnauthorizedException).getResponse() };
  }

  it('turns a valid token of a live session into its principal', async () => {
    const { token } = await ours.issue({ sub: 'user-1', sid: 'session-1', is_anonymous: true, aal: 'aal1', amr: [] }, 60);
    await expect(principals.fromAccessToken(token)).resolves.toEqual({ via: 'session', userId: 'user-1', sessionId: 'session-1', isAnonymous: true, authenticatedAt: signedInAt, aal: 'aal2' });
  });

  it('refuses a token it did not sign, and garbage, as invalid', async () => {
    const { token } = await tokens('another-secret-that-is-long-enough-98765').issue({ sub: 'user-1', sid: 'session-1', is_anonymous: false, aal: 'aal1', amr: [] }, 60);
    for (const bad of [token, 'forged', '']) {
      expect(await refusal(bad)).toEqual({ status: 401, body: { message: 'Missing or invalid access token', code: 'invalid_access_token' } });
    }
  });

  it('refuses a valid token whose session has ended, saying so', async () => {
    const { token } = await ours.issue({ sub: 'user-1', sid: 'session-2', is_anonymous: false, aal: 'aal1', amr: [] }, 60);
    expect(await refusal(token)).toEqual({ status: 401, body: { message: 'The session has ended', code: 'invalid_access_token' } });
  });

  it('lets a failure to look the session up through as itself, not as a 401', async () => {
    const { token } = await ours.issue({ sub: 'user-1', sid: 'session-1', is_anonymous: false, aal: 'aal1', amr: [] }, 60);
    const down = new Principals(ours, { live: () => Promise.reject(new Error('database unreachable')) } as unknown as SessionsService, apiKeys, tickets);
    await expect(down.fromAccessToken(token)).rejects.toThrow('database unreachable');
  });

  it('turns an active API key into its principal, noting the use, and refuses any other key with WWW-Authenticate', async () => {
    await expect(principals.fromBearer(liveKey)).resolves.toEqual({ via: 'key', userId: 'user-9', keyId: 'key-1', scope: 'read-only', isAnonymous: false });
    expect(touched).toEqual(['key-1']);
    for (const bad of [newApiKey(), `${liveKey.slice(0, -1)}${liveKey.endsWith('a') ? 'b' : 'a'}`, 'grk_short']) {
      const error = await principals.fromBearer(bad).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(UnauthorizedException);
      expect((error as UnauthorizedException).getResponse()).toMatchObject({ code: 'invalid_api_key' });
      expect((error as { headers: Record<string, string> }).headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
    // A key whose checksum fails is refused without asking the database.
    expect(apiKeys.activeByHash).toHaveBeenCalledTimes(2);
  });

  it('lets the socket in with an access token or a ticket, used once, and never with an API key', async () => {
    const { token } = await ours.issue({ sub: 'user-1', sid: 'session-1', is_anonymous: false, aal: 'aal1', amr: [] }, 60);
    await expect(principals.fromSocketToken(token)).resolves.toMatchObject({ via: 'session', userId: 'user-1' });
    const { ticket } = await principals.issueTicket({ via: 'key', userId: 'user-9', keyId: 'key-1', scope: 'read-only', isAnonymous: false });
    expect(ticket).toMatch(/^grt_/);
    await expect(principals.fromSocketToken(ticket)).resolves.toEqual({ via: 'ticket', userId: 'user-9', isAnonymous: false });
    await expect(principals.fromSocketToken(ticket)).rejects.toMatchObject({ status: 401 });
    await expect(principals.fromSocketToken(liveKey)).rejects.toMatchObject({ status: 401, response: { message: expect.stringContaining('POST /api/v1/realtime/ticket') } });
    expect(apiKeys.activeByHash).not.toHaveBeenCalled();
  });
});
