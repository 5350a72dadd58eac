import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Not } from 'typeorm';
import { User } from './schema/user.entity';

/** Accounts. Users are loaded with their identities wherever the client is shown the account. */
@Injectable()
export class UserRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  private get users() {
    return this.manager.getRepository(User);
  }

  /** A new, unsaved account. */
  create(fields: Partial<User>): User {
    return this.users.create(fields);
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }

  emailExists(email: string): Promise<boolean> {
    return this.users.exists({ where: { email } });
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  findUnconfirmedByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email, emailConfirmedAt: IsNull() });
  }

  findAnonymous(id: string): Promise<User | null> {
    return this.users.findOneBy({ id, isAnonymous: true });
  }

  findWithIdentities(where: { id: string } | { email: string }): Promise<User | null> {
    return this.users.findOne({ where, relations: { identities: true } });
  }

  /** Drops every other account's pending change to `email`. */
  async clearPendingEmail(email: string, exceptUserId: string): Promise<void> {
    await this.users.update({ pendingEmail: email, id: Not(exceptUserId) }, { pendingEmail: null });
  }
}
