import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { OAuthProvider } from './schema/identity.entity';
import { Identity } from './schema/identity.entity';
import type { User } from './schema/user.entity';

/** Accounts at OAuth providers, each tied to one of our users. */
@Injectable()
export class IdentityRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  private get identities() {
    return this.manager.getRepository(Identity);
  }

  /** The user a provider's account is tied to, if any. */
  async findUser(provider: OAuthProvider, providerUserId: string): Promise<User | undefined> {
    const identity = await this.identities.findOne({ where: { provider, providerUserId }, relations: { user: true } });
    return identity?.user ?? undefined;
  }

  async link(userId: string, provider: OAuthProvider, providerUserId: string, email: string | null): Promise<void> {
    await this.identities.insert({ userId, provider, providerUserId, email });
  }
}
