import { Injectable } from '@nestjs/common';
import { AuthMails } from './auth-mails';
import { EmailTokenRepository } from '../repositories/email-token.repository';
import { Mailer } from '../repositories/mailer';
import type { EmailToken, EmailTokenPurpose } from '../repositories/schema/email-token.entity';
import { randomInt } from 'node:crypto';
import { hashToken, randomToken } from '../core/security/secrets';

const lifetimeMs: Record<EmailTokenPurpose, number> = { confirm: 24 * 3600_000, recover: 3600_000, reauthenticate: 10 * 60_000 };

/** A re-authentication code is six digits: its stored hash covers the account, so two accounts' codes never meet. */
const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/** Single-use links by mail: confirmation (24 h) and password recovery (1 h); and re-authentication codes (10 min). */
@Injectable()
export class EmailLinksService {
  constructor(
    private readonly tokens: EmailTokenRepository,
    private readonly mails: AuthMails,
    private readonly mailer: Mailer,
  ) {}

  /** Mails a six-digit code that confirms it is the account's owner (the one mailed before stops working). */
  async sendCode(userId: string, email: string): Promise<void> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.tokens.discard(userId, 'reauthenticate');
    await this.tokens.add({ userId, email, purpose: 'reauthenticate', tokenHash: codeHash(userId, code), expiresAt: new Date(Date.now() + lifetimeMs.reauthenticate) });
    await this.mailer.send(this.mails.reauthenticationCode(email, code));
  }

  /** Spends the account's mailed code; whether it was that, unused and unexpired. */
  async spendCode(userId: string, code: string): Promise<boolean> {
    return Boolean(await this.tokens.spend(codeHash(userId, code), 'reauthenticate', new Date()));
  }

  async send(purpose: Exclude<EmailTokenPurpose, 'reauthenticate'>, userId: string, email: string): Promise<void> {
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
