import { simpleParser } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail the server under test sent, decoded. */
export interface Mail {
  file: string;
  subject: string;
  to: string;
  text: string;
  html: string;
}

/** Parses one RFC 822 message as the server's mailer writes it into DATA_DIR/outbox. */
export async function parseMail(raw: Buffer, file = ''): Promise<Mail> {
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  return { file, subject: parsed.subject ?? '', to, text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
}

function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: global-setup.ts did not run');
  return path.join(dir, 'outbox');
}

/**
 * The newest mail to `recipient` (files are named `<ISO timestamp>-<recipient>.eml`), waiting for it to be
 * written. `count` waits until that many mails to the recipient exist (e.g. 2 after a resend).
 */
export async function latestMailTo(recipient: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  const suffix = `-${recipient.toLowerCase().replace(/[^\w@.-]/g, '_')}.eml`;
  for (;;) {
    const names = await readdir(outbox()).catch(() => [] as string[]);
    const mine = names.filter((name) => name.endsWith(suffix)).sort();
    if (mine.length >= count) {
      const file = path.join(outbox(), mine[mine.length - 1]);
      return parseMail(await readFile(file), file);
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${recipient} in ${outbox()} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in the mail whose URL contains `fragment` (e.g. '/api/v1/auth/verify'). */
export function linkIn(mail: Mail, fragment: string): string {
  const urls = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const found = urls.map((url) => url.replace(/&amp;/g, '&')).find((url) => url.includes(fragment));
  if (!found) throw new Error(`No link containing ${fragment} in the mail "${mail.subject}":\n${mail.text}`);
  return found;
}
