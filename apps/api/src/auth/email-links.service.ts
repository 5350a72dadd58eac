import { Injectable } from '@nestjs/common';
import { AuthMails } from './auth-mails';
import { EmailTokenRepository } from '../repositories/email-token.repository';
import { Mailer } from '../repositories/mailer';
import type { EmailToken, EmailTokenPurpose } from '../repositories/schema/email-token.entity';
import { hashToken, randomToken } from '../core/security/secrets';

const lifetimeMs: Record<EmailTokenPurpose, number> = { confirm: 24 * 3600_000, recover: 3600_000 };

/** Single-use links by mail: confirmation (24 h) and password recovery (1 h). */
@Injectable()
export class EmailLinksService {
  constructor(
    private readonly tokens: EmailTokenRepository,
    private readonly mails: AuthMails,
    private readonly mailer: Mailer,
  ) {}

  async send(purpose: EmailTokenPurpose, userId: string, email: string): Promise<void> {
    const token = randomToken();
    await this.tokens.add({ userId, email, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetimeMs[purpose]) });
    await this.mailer.send(purpose === 'confirm' ? this.mails.confirmation(email, token) : this.mails.recovery(email, token));
  }

  /** A link's record if it is valid, unused and unexpired, leaving it unspent; undefined otherwise. */
  async peek(purpose: EmailTokenPurpose, token: string): Promise<EmailToken | undefined> {
    return this.tokens.findValid(hashToken(token), purpose, new Date());
  }

  /** Spends a link: the token's record if it was valid, unused and unexpired; undefined otherwise. */
  async consume(purpose: EmailTokenPurpose, token: string): Promise<EmailToken | undefined> {
    return this.tokens.spend(hashToken(token), purpose, new Date());
  }
}
