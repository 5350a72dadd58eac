import type { DatabaseRepository, TransactionRepositories } from '../../repositories/database.repository';
import type { AuthService, SignedIn } from '../auth.service';
import type { User } from '../../repositories/schema/user.entity';
import type { OAuthProfile } from './oauth-profile';
import { OAuthService } from './oauth.service';

// Which account a provider's user lands in, on its own: the repositories are mocks inside a pass-through transaction.

const profile: OAuthProfile = { provider: 'github', id: 'gh-1', email: 'ala@example.test', emailVerified: true, username: 'ala-gh', displayName: 'Ala GH' };

function account(fields: Partial<User>): User {
  return { id: 'u1', email: null, passwordHash: null, username: null, displayName: null, isAnonymous: false, emailConfirmedAt: null, pendingEmail: null, ...fields } as User;
}

function setUp({ known, owner, anonymous }: { known?: User; owner?: User; anonymous?: User } = {}) {
  const users = {
    findByEmail: jest.fn(async () => owner ?? null),
    findAnonymous: jest.fn(async () => anonymous ?? null),
    create: jest.fn((fields: Partial<User>) => account({ id: 'u-new', ...fields })),
    save: jest.fn(async (u: User) => u),
    findWithIdentities: jest.fn(async ({ id }: { id: string }) => ({ id }) as User),
  };
  const identities = { findUser: jest.fn(async () => known), link: jest.fn(async () => undefined) };
  const database = { transaction: (work: (tx: TransactionRepositories) => Promise<unknown>) => work({ users, identities } as unknown as TransactionRepositories) };
  const auth = { startSession: jest.fn(async (user: User) => ({ body: { user } }) as unknown as SignedIn) };
  const service = new OAuthService(database as unknown as DatabaseRepository, auth as unknown as AuthService);
  return { service, users, identities, auth };
}

const client = { ip: '127.0.0.1' };

describe('OAuthService.signIn', () => {
  it('signs a known identity into its account, linking nothing new', async () => {
    const known = account({ id: 'u-known' });
    const { service, identities, auth, users } = setUp({ known });
    await service.signIn(profile, { redirectTo: '/' }, client);
    expect(auth.startSession).toHaveBeenCalledWith(known, client, 'oauth');
    expect(identities.link).not.toHaveBeenCalled();
    expect(users.save).not.toHaveBeenCalled();
  });

  it('links a verified address to the account that owns it, never making a second one', async () => {
    const owner = account({ id: 'u-owner', email: 'ala@example.test', passwordHash: 'hash', emailConfirmedAt: new Date() });
    const { service, identities, users } = setUp({ owner });
    await service.signIn(profile, { redirectTo: '/' }, client);
    expect(users.create).not.toHaveBeenCalled();
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-owner', passwordHash: 'hash' }));
    expect(identities.link).toHaveBeenCalledWith('u-owner', 'github', 'gh-1', 'ala@example.test');
  });

  it('drops the password of an unconfirmed owner: whoever set it never proved the mailbox', async () => {
    const owner = account({ id: 'u-owner', email: 'ala@example.test', passwordHash: 'squatter', emailConfirmedAt: null });
    const { service, users } = setUp({ owner });
    await service.signIn(profile, { redirectTo: '/' }, client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ passwordHash: null, emailConfirmedAt: expect.any(Date) }));
  });

  it('does not link by an address the provider has not verified', async () => {
    const { service, users } = setUp();
    await service.signIn({ ...profile, emailVerified: false }, { redirectTo: '/' }, client);
    expect(users.findByEmail).not.toHaveBeenCalled();
    expect(users.create).toHaveBeenCalledWith(expect.objectContaining({ email: null, emailConfirmedAt: null }));
  });

  it('turns the signed-in anonymous visitor into the account, keeping their id', async () => {
    const anonymous = account({ id: 'u-anon', isAnonymous: true });
    const { service, users, identities } = setUp({ anonymous });
    await service.signIn(profile, { redirectTo: '/', linkUserId: 'u-anon' }, client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-anon', isAnonymous: false, email: 'ala@example.test', username: 'ala-gh' }));
    expect(identities.link).toHaveBeenCalledWith('u-anon', 'github', 'gh-1', 'ala@example.test');
  });

  it('makes a new account named after the provider profile', async () => {
    const { service, users } = setUp();
    await service.signIn(profile, { redirectTo: '/' }, client);
    expect(users.save).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-new', email: 'ala@example.test', username: 'ala-gh', displayName: 'Ala GH' }));
  });
});
