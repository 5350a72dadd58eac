import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { AuthMails } from './auth-mails';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity';
import { Mailer } from './mailer';
import { hashToken, randomToken } from './secrets';

const lifetimeMs: Record<EmailTokenPurpose, number> = { confirm: 24 * 3600_000, recover: 3600_000 };

/** Single-use links by mail: confirmation (24 h) and password recovery (1 h). */
@Injectable()
export class EmailLinksService {
  constructor(
    @InjectRepository(EmailToken) private readonly tokens: Repository<EmailToken>,
    private readonly mails: AuthMails,
    private readonly mailer: Mailer,
  ) {}

  async send(purpose: EmailTokenPurpose, userId: string, email: string): Promise<void> {
    const token = randomToken();
    await this.tokens.insert({ userId, email, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetimeMs[purpose]), usedAt: null });
    await this.mailer.send(purpose === 'confirm' ? this.mails.confirmation(email, token) : this.mails.recovery(email, token));
  }

  /** Spends a link: the token's record if it was valid, unused and unexpired; undefined otherwise. */
  async consume(purpose: EmailTokenPurpose, token: string): Promise<EmailToken | undefined> {
    const now = new Date();
    const result = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: now })
      .where({ tokenHash: hashToken(token), purpose, usedAt: IsNull(), expiresAt: MoreThan(now) })
      .returning('*')
      .execute();
    const row = (result.raw as Record<string, unknown>[])[0];
    return row ? this.tokens.create({ id: row.id as string, userId: row.user_id as string, email: row.email as string, purpose }) : undefined;
  }
}
