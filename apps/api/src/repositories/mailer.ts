import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing mail: over SMTP_URL, or (without it) written as an .eml file to DATA_DIR/outbox/ and
 * announced in the log, so a local install still lets you open the link.
 */
@Injectable()
export class Mailer {
  static readonly from = 'GrouaRock <no-reply@grouarock.local>';

  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;
  private readonly outbox?: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.smtpUrl) {
      this.transport = nodemailer.createTransport(config.smtpUrl);
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outbox = path.join(config.dataDir, 'outbox');
    }
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: Mailer.from, ...mail });
    if (!this.outbox) return;
    await mkdir(this.outbox, { recursive: true });
    const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w@.-]/g, '_')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    // No mail server: the text (with its link) goes to the log, so a local user can act on it.
    this.logger.log(`Mail to ${mail.to} (no SMTP_URL; saved as ${file}): ${mail.subject}\n${mail.text}`);
  }
}
