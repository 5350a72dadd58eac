import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, IsNull, MoreThan } from 'typeorm';
import { EmailToken, type EmailTokenPurpose } from './schema/email-token.entity';

/** Single-use mail links, stored as hashes. */
@Injectable()
export class EmailTokenRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  private get tokens() {
    return this.manager.getRepository(EmailToken);
  }

  async add(fields: { userId: string; email: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.tokens.insert({ ...fields, usedAt: null });
  }

  /** Forgets the user's unused tokens of `purpose` (a new code replaces the one mailed before). */
  async discard(userId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.tokens.delete({ userId, purpose, usedAt: IsNull() });
  }

  /** The link's record if it is unused and unexpired, without spending it (a refused new password keeps its link). */
  async findValid(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailToken | undefined> {
    return (await this.tokens.findOneBy({ tokenHash, purpose, usedAt: IsNull(), expiresAt: MoreThan(now) })) ?? undefined;
  }

  /** Marks the link used, in one statement so two clicks cannot both spend it; its record if it was unused and unexpired. */
  async spend(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailToken | undefined> {
    const result = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: now })
      .where({ tokenHash, purpose, usedAt: IsNull(), expiresAt: MoreThan(now) })
      .returning('*')
      .execute();
    const row = (result.raw as Record<string, unknown>[])[0];
    return row ? this.tokens.create({ id: row.id as string, userId: row.user_id as string, email: row.email as string, purpose }) : undefined;
  }
}
