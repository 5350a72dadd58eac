import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
import { mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../repositories/mailer';

const REASONS: Record<string, string> = {
  gone: 'odpowiedział kodem 410 (Gone), czyli poprosił, żeby więcej nie wysyłać',
  failing_5_days: 'od 5 dni nie przyjął żadnego zdarzenia',
};

/** The developer platform's mails, in Polish (the product's language). */
@Injectable()
export class WebhookMails {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  endpointDisabled(to: string, url: string, reason: string): Mail {
    return {
      to,
      subject: 'Wyłączyliśmy Twój webhook',
      ...mailLayout(
        'Webhook wyłączony',
        `Przestaliśmy wysyłać zdarzenia na adres ${url}, bo ${REASONS[reason] ?? 'nie przyjmował zdarzeń'}. Gdy adres znów działa, włącz go ponownie (POST /${API_PREFIX}/webhooks/{id}/enable), a nieudane zdarzenia wyślij jeszcze raz z dziennika dostaw.`,
        'Dokumentacja API',
        `${this.config.publicUrl}/api`,
        'Dostajesz tę wiadomość, bo masz webhook w API GrouaRock.',
      ),
    };
  }
}
