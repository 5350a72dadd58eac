import { Injectable } from '@nestjs/common';
import { DatabaseRepository, type TransactionRepositories } from '../../repositories/database.repository';
import { AuthService, type ClientInfo, type SignedIn } from '../auth.service';
import { localPart } from '../user-mapper';
import type { User } from '../../repositories/schema/user.entity';
import type { OAuthProfile, OAuthState } from './oauth-profile';

/** Signs a provider's user in: their identity's account, else a linked or a new one. */
@Injectable()
export class OAuthService {
  constructor(
    private readonly database: DatabaseRepository,
    private readonly auth: AuthService,
  ) {}

  async signIn(profile: OAuthProfile, state: OAuthState, client: ClientInfo): Promise<SignedIn> {
    const user = await this.database.transaction((tx) => this.resolveUser(tx, profile, state));
    return this.auth.startSession(user, client, 'oauth');
  }

  private async resolveUser({ users, identities }: TransactionRepositories, profile: OAuthProfile, state: OAuthState): Promise<User> {
    const known = await identities.findUser(profile.provider, profile.id);
    if (known) return known;

    const verifiedEmail = profile.emailVerified ? profile.email : undefined;
    const owner = verifiedEmail ? await users.findByEmail(verifiedEmail) : null;
    const anonymous = state.linkUserId ? await users.findAnonymous(state.linkUserId) : null;

    let user: User;
    if (anonymous && !owner) {
      // The visitor keeps their id (and everything tied to it) and becomes a full account.
      user = anonymous;
      user.isAnonymous = false;
      if (verifiedEmail) {
        user.email = verifiedEmail;
        user.emailConfirmedAt = new Date();
      }
    } else if (owner) {
      user = owner; // the same verified address: link, never duplicate
      if (!user.emailConfirmedAt) {
        // Whoever chose this password never proved the mailbox: it must not open the account the provider just proved.
        user.passwordHash = null;
        user.emailConfirmedAt = new Date();
      }
    } else {
      user = users.create({ email: verifiedEmail ?? null, emailConfirmedAt: verifiedEmail ? new Date() : null, isAnonymous: false, passwordHash: null });
    }
    user.username ??= profile.username?.slice(0, 32) ?? (verifiedEmail ? localPart(verifiedEmail) : null);
    user.displayName ??= profile.displayName?.slice(0, 64) ?? user.username;
    user = await users.save(user);
    await identities.link(user.id, profile.provider, profile.id, profile.email ?? null);
    return (await users.findWithIdentities({ id: user.id })) as User;
  }
}
