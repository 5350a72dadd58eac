import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuthService, type ClientInfo, type SignedIn } from '../auth.service';
import { Identity } from '../identity.entity';
import { localPart } from '../user-mapper';
import { User } from '../user.entity';
import type { OAuthProfile, OAuthState } from './oauth-profile';

/** Signs a provider's user in: their identity's account, else a linked or a new one. */
@Injectable()
export class OAuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
  ) {}

  async signIn(profile: OAuthProfile, state: OAuthState, client: ClientInfo): Promise<SignedIn> {
    const user = await this.dataSource.transaction((manager) => this.resolveUser(manager, profile, state));
    return this.auth.startSession(user, client);
  }

  private async resolveUser(manager: EntityManager, profile: OAuthProfile, state: OAuthState): Promise<User> {
    const users = manager.getRepository(User);
    const identities = manager.getRepository(Identity);
    const known = await identities.findOne({ where: { provider: profile.provider, providerUserId: profile.id }, relations: { user: true } });
    if (known?.user) return known.user;

    const verifiedEmail = profile.emailVerified ? profile.email : undefined;
    const owner = verifiedEmail ? await users.findOneBy({ email: verifiedEmail }) : null;
    const anonymous = state.linkUserId ? await users.findOneBy({ id: state.linkUserId, isAnonymous: true }) : null;

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
    await identities.insert({ userId: user.id, provider: profile.provider, providerUserId: profile.id, email: profile.email ?? null });
    return users.findOneOrFail({ where: { id: user.id }, relations: { identities: true } });
  }
}
