import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
import { mailCodeLayout, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../repositories/mailer';

/** The account mails, in Polish (the product's language). */
@Injectable()
export class AuthMails {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  confirmation(to: string, token: string): Mail {
    const link = `${this.config.publicUrl}/${API_PREFIX}/auth/verify?token=${encodeURIComponent(token)}`;
    return {
      to,
      subject: 'Potwierdź swój email w GrouaRock',
      ...mailLayout(
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
      ...mailLayout(
        'Nowe hasło',
        'Ktoś (mamy nadzieję, że Ty) poprosił o zmianę hasła do konta GrouaRock. Kliknij przycisk, aby ustawić nowe hasło.',
        'Ustaw nowe hasło',
        link,
        'Link działa przez godzinę i tylko raz. Jeśli to nie Ty, zignoruj tę wiadomość: hasło się nie zmieni.',
      ),
    };
  }

  reauthenticationCode(to: string, code: string): Mail {
    return {
      to,
      subject: `${code} — kod potwierdzenia w GrouaRock`,
      ...mailCodeLayout(
        'Potwierdź, że to Ty',
        'Wpisz ten kod w GrouaRock, aby potwierdzić zmianę na koncie (na przykład nowy klucz API albo drugi składnik logowania).',
        code,
        'Kod działa przez 10 minut i tylko raz. Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni.',
      ),
    };
  }
}
