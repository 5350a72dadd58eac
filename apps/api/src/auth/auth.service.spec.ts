import type { AppConfig } from '../core/config/config';
import type { UserRepository } from '../repositories/user.repository';
import type { AccessTokens } from './access-tokens';
import type { AttemptLimiter } from '../core/http/attempt-limiter';
import { AuthService } from './auth.service';
import type { EmailLinksService } from './email-links.service';
import type { EmailToken } from '../repositories/schema/email-token.entity';
import type { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';
import type { SessionsService } from './sessions.service';
import type { User } from '../repositories/schema/user.entity';
import { authErrors } from './auth-errors';
import type { MfaService } from './mfa.service';
import type { PasskeysService } from './passkeys.service';
import type { SessionPrincipal } from './principals.service';
import type { Reauthentication } from './reauthentication';
import type { SecurityLog } from './security-log.service';

// The account rules on their own: the repositories and every collaborator are mocks; the e2e tests cover them on
// real PostgreSQL.

function user(fields: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ala@example.test',
    passwordHash: 'hash:old',
    username: 'ala',
    displayName: 'Ala',
    isAnonymous: false,
    emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
    pendingEmail: null,
    deletedAt: null,
    anonymizedAt: null,
    identities: [],
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    ...fields,
  };
}

function setUp(stored: User) {
  const users = {
    findWithIdentities: jest.fn(async () => stored),
    emailExists: jest.fn(async () => false),
    save: jest.fn(async (u: User) => u),
    clearPendingEmail: jest.fn(async () => undefined),
  };
  const sessions = {
    start: jest.fn(async () => ({ session: { id: 's-new', aal: 'aal1', amr: [] }, refreshToken: 'refresh' })),
    endAll: jest.fn(async () => undefined),
  };
  const links = {
    consume: jest.fn<Promise<EmailToken | undefined>, unknown[]>(),
    peek: jest.fn<Promise<EmailToken | undefined>, unknown[]>(),
    send: jest.fn(async () => undefined),
  };
  const hasher = { hash: jest.fn(async (p: string) => `hash:${p}`), verify: jest.fn(async (h: string, p: string) => h === `hash:${p}`) };
  const accessTokens = { issue: jest.fn(async () => ({ token: 'access', expiresIn: 3600, expiresAt: 1 })), issueMfaToken: jest.fn(async () => 'mfa-token') };
  const mfa = { isOn: jest.fn(async () => false) };
  const reauthentication = { assertRecent: jest.fn(async () => undefined), secondFactorsOf: jest.fn(async () => ['totp', 'recovery']) };
  const log = { record: jest.fn(async () => undefined) };
  const service = new AuthService(
    { accessTokenTtl: 3600 } as AppConfig,
    users as unknown as UserRepository,
    sessions as unknown as SessionsService,
    accessTokens as unknown as AccessTokens,
    hasher as unknown as PasswordHasher,
    links as unknown as EmailLinksService,
    { succeed: jest.fn(), check: jest.fn(), fail: jest.fn() } as unknown as AttemptLimiter,
    passwords,
    mfa as unknown as MfaService,
    {} as PasskeysService,
    reauthentication as unknown as Reauthentication,
    log as unknown as SecurityLog,
  );
  return { service, users, sessions, links, hasher, mfa, reauthentication, log };
}

/** A session whose owner signed in a moment ago. */
const principal: SessionPrincipal = { via: 'session', userId: 'u1', sessionId: 's1', isAnonymous: false, authenticatedAt: new Date(), aal: 'aal1' };

const client = { ip: '127.0.0.1' };
const link = (email: string) => ({ userId: 'u1', email }) as EmailToken;

describe('AuthService.confirmEmail', () => {
  it('confirms the sign-up address and signs the user in', async () => {
    const { service, users, links } = setUp(user({ emailConfirmedAt: null }));
    links.consume.mockResolvedValue(link('ala@example.test'));
    const signedIn = await service.confirmEmail('t', client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ emailConfirmedAt: expect.any(Date) }));
    expect(signedIn.body.user.email_confirmed_at).not.toBeNull();
  });

  it('rejects a spent, expired or unknown link', async () => {
    const { service, links, users } = setUp(user());
    links.consume.mockResolvedValue(undefined);
    await expect(service.confirmEmail('t', client)).rejects.toMatchObject({ response: { code: 'invalid_token' } });
    expect(users.save).not.toHaveBeenCalled();
  });

  it('swaps in a pending address and cancels other accounts pending the same address', async () => {
    const { service, users, links } = setUp(user({ pendingEmail: 'new@example.test' }));
    links.consume.mockResolvedValue(link('new@example.test'));
    await service.confirmEmail('t', client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ email: 'new@example.test', pendingEmail: null }));
    expect(users.clearPendingEmail).toHaveBeenCalledWith('new@example.test', 'u1');
  });

  it('refuses a pending address another account has taken meanwhile', async () => {
    const { service, users, links } = setUp(user({ pendingEmail: 'new@example.test' }));
    links.consume.mockResolvedValue(link('new@example.test'));
    users.emailExists.mockResolvedValue(true);
    await expect(service.confirmEmail('t', client)).rejects.toMatchObject({ response: { code: 'email_taken' } });
    expect(users.save).not.toHaveBeenCalled();
  });

  it('refuses a link for an address the account no longer has or waits for', async () => {
    const { service, links } = setUp(user());
    links.consume.mockResolvedValue(link('old@example.test'));
    await expect(service.confirmEmail('t', client)).rejects.toMatchObject({ response: { code: 'invalid_token' } });
  });

  it('turns an anonymous user with a password into a full account named after the address', async () => {
    const { service, users, links } = setUp(user({ isAnonymous: true, email: null, username: null, displayName: null, pendingEmail: 'kuba@example.test' }));
    links.consume.mockResolvedValue(link('kuba@example.test'));
    await service.confirmEmail('t', client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ isAnonymous: false, username: 'kuba', displayName: 'kuba' }));
  });
});

// The real estimator (its dictionaries load once for the file).
const passwords = new PasswordPolicy();

describe('AuthService: every place a password is set refuses a guessable one', () => {
  it('sign-up: before anything is stored', async () => {
    const { service, users } = setUp(user());
    await expect(service.signUp({ email: 'fan@example.com', password: 'password1' })).rejects.toMatchObject({ response: { code: 'password_too_common' } });
    await expect(service.signUp({ email: 'fan@example.com', password: 'fanexample' })).rejects.toMatchObject({ response: { code: 'password_weak' } });
    expect(users.save).not.toHaveBeenCalled();
  });

  it('reset: the link stays unspent, so the person can try another password with it', async () => {
    const { service, links, users } = setUp(user());
    links.peek.mockResolvedValue(link('ala@example.test'));
    await expect(service.resetPassword('token', 'kochanie1', client)).rejects.toMatchObject({ response: { code: 'password_weak' } });
    expect(links.consume).not.toHaveBeenCalled();
    expect(users.save).not.toHaveBeenCalled();
  });

  it('change: the account\'s own names count, and nothing is saved', async () => {
    const { service, users, hasher } = setUp(user({ username: 'grzmotpunk77', displayName: 'Grzmot' }));
    await expect(service.updateUser(principal, { password: 'grzmotpunk77', current_password: 'old' }, client)).rejects.toMatchObject({
      response: { code: 'password_weak' },
    });
    expect(hasher.verify).not.toHaveBeenCalled();
    expect(users.save).not.toHaveBeenCalled();
  });
});

describe('AuthService sign-in with an authenticator app on', () => {
  it('opens no session for a password alone: 403 mfa_required with a token and the factors', async () => {
    const { service, sessions, mfa } = setUp(user());
    mfa.isOn.mockResolvedValue(true);
    await expect(service.grant('password', { email: 'ala@example.test', password: 'old' }, client)).rejects.toMatchObject({
      response: { code: 'mfa_required', mfa_token: 'mfa-token', factors: ['totp', 'recovery'] },
    });
    expect(sessions.start).not.toHaveBeenCalled();
  });

  it('nor for a password reset link: the new password is set, and the code is still asked', async () => {
    const { service, sessions, mfa, links, users } = setUp(user());
    mfa.isOn.mockResolvedValue(true);
    links.peek.mockResolvedValue(link('ala@example.test'));
    links.consume.mockResolvedValue(link('ala@example.test'));
    await expect(service.resetPassword('token', 'Gitara-Basowa-1977!', client)).rejects.toMatchObject({ response: { code: 'mfa_required' } });
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ passwordHash: 'hash:Gitara-Basowa-1977!' }));
    expect(sessions.start).not.toHaveBeenCalled();
  });

  it('signs in without asking when no app is on, at aal1, and logs it', async () => {
    const { service, sessions, log } = setUp(user());
    await service.grant('password', { email: 'ala@example.test', password: 'old' }, client);
    expect(sessions.start).toHaveBeenCalledWith('u1', expect.objectContaining({ methods: ['password'] }));
    expect(log.record).toHaveBeenCalledWith('u1', 'signed_in', client, { method: 'password' });
  });
});

describe('AuthService.updateUser', () => {
  it('changes the names alone without touching sessions or mail', async () => {
    const { service, sessions, links } = setUp(user());
    const dto = await service.updateUser(principal, { data: { display_name: 'Ala K.' } }, client);
    expect(dto.user_metadata.display_name).toBe('Ala K.');
    expect(sessions.endAll).not.toHaveBeenCalled();
    expect(links.send).not.toHaveBeenCalled();
  });

  it('needs the right current password to set a new one, then ends every other session', async () => {
    const { service, sessions, users } = setUp(user());
    await expect(service.updateUser(principal, { password: 'nowe-haslo' }, client)).rejects.toMatchObject({ response: { code: 'current_password_required' } });
    await expect(service.updateUser(principal, { password: 'nowe-haslo', current_password: 'zle' }, client)).rejects.toMatchObject({
      response: { code: 'invalid_current_password' },
    });
    expect(users.save).not.toHaveBeenCalled();
    await service.updateUser(principal, { password: 'nowe-haslo', current_password: 'old' }, client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ passwordHash: 'hash:nowe-haslo' }));
    expect(sessions.endAll).toHaveBeenCalledWith('u1', 'password_changed', 's1');
  });

  it('lets an account without a password (OAuth, anonymous) set one without a current one', async () => {
    const { service, users } = setUp(user({ passwordHash: null }));
    await service.updateUser(principal, { password: 'nowe-haslo' }, client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ passwordHash: 'hash:nowe-haslo' }));
  });

  it('keeps a new address pending and mails a link to it; a taken one is refused', async () => {
    const { service, users, links } = setUp(user());
    const dto = await service.updateUser(principal, { email: 'nowy@example.test' }, client);
    expect(dto.email).toBe('ala@example.test');
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ pendingEmail: 'nowy@example.test' }));
    expect(links.send).toHaveBeenCalledWith('confirm', 'u1', 'nowy@example.test');

    users.emailExists.mockResolvedValue(true);
    await expect(service.updateUser(principal, { email: 'zajety@example.test' }, client)).rejects.toMatchObject({ response: { code: 'email_taken' } });
  });

  it('asks a stale sign-in to confirm it is its owner before a new password or address, not before new names', async () => {
    const { service, users, reauthentication } = setUp(user());
    reauthentication.assertRecent.mockRejectedValue(authErrors.reauthenticationRequired(['password']));
    await expect(service.updateUser(principal, { password: 'nowe-haslo', current_password: 'old' }, client)).rejects.toMatchObject({
      response: { code: 'reauthentication_required', factors: ['password'] },
    });
    await expect(service.updateUser(principal, { email: 'nowy@example.test' }, client)).rejects.toMatchObject({ response: { code: 'reauthentication_required' } });
    expect(users.save).not.toHaveBeenCalled();
    await service.updateUser(principal, { data: { display_name: 'Ala K.' } }, client);
    expect(users.save).toHaveBeenCalledTimes(1);
  });

  it('treats the current address as no change', async () => {
    const { service, links, users } = setUp(user());
    await service.updateUser(principal, { email: 'ala@example.test' }, client);
    expect(users.emailExists).not.toHaveBeenCalled();
    expect(links.send).not.toHaveBeenCalled();
  });
});
