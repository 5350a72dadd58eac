import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import type { Mail } from '../repositories/mailer';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(heading: string, lead: string, action: string, link: string, footnote: string): Pick<Mail, 'text' | 'html'> {
  return {
    text: `${heading}\n\n${lead}\n\n${action}: ${link}\n\n${footnote}\n\n— GrouaRock`,
    html: `<!doctype html><html lang="pl"><body style="margin:0;background:#0B0A0D;color:#F7F3EA;font-family:Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:28px;letter-spacing:1px;text-transform:uppercase;border-bottom:4px solid #E0102A;padding-bottom:8px">${escape(heading)}</h1>
<p style="font-size:16px;line-height:1.5">${escape(lead)}</p>
<p style="margin:28px 0"><a href="${escape(link)}" style="background:#E0102A;color:#FFFFFF;padding:14px 22px;text-decoration:none;font-weight:bold;text-transform:uppercase">${escape(action)}</a></p>
<p style="font-size:13px;color:#B8B0A6;line-height:1.5">${escape(footnote)}<br>${escape(link)}</p>
</div></body></html>`,
  };
}

/** The account mails, in Polish (the product's language). */
@Injectable()
export class AuthMails {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  confirmation(to: string, token: string): Mail {
    const link = `${this.config.publicUrl}/api/v1/auth/verify?token=${encodeURIComponent(token)}`;
    return {
      to,
      subject: 'Potwierdź swój email w GrouaRock',
      ...layout(
        'Witaj w GrouaRock!',
        'Kliknij przycisk, aby potwierdzić adres email i aktywować konto. Po potwierdzeniu zalogujemy Cię automatycznie.',
        'Aktywuj konto',
        link,
        'Link działa przez 24 godziny i tylko raz. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
      ),
    };
  }

  recovery(to: string, token: string): Mail {
    const link = `${this.config.publicUrl}/auth?recovery_token=${encodeURIComponent(token)}`;
    return {
      to,
      subject: 'Ustaw nowe hasło w GrouaRock',
      ...layout(
        'Nowe hasło',
        'Ktoś (mamy nadzieję, że Ty) poprosił o zmianę hasła do konta GrouaRock. Kliknij przycisk, aby ustawić nowe hasło.',
        'Ustaw nowe hasło',
        link,
        'Link działa przez godzinę i tylko raz. Jeśli to nie Ty, zignoruj tę wiadomość: hasło się nie zmieni.',
      ),
    };
  }
}
