import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../repositories/mailer';

const PLAN_NAMES = { premium: 'Premium', ultra: 'Ultra' } as const;

function warsawDate(date: Date): string {
  return new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The billing mails, in Polish (the product's language); each links to /subscription, where the portal opens. */
@Injectable()
export class BillingMails {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get link(): string {
    return `${this.config.publicUrl}/subscription`;
  }

  trialEnding(to: string, plan: keyof typeof PLAN_NAMES, trialEnd: Date): Mail {
    return {
      to,
      subject: `Twój darmowy okres ${PLAN_NAMES[plan]} kończy się ${warsawDate(trialEnd)}`,
      ...mailLayout(
        'Koniec okresu próbnego',
        `Darmowe 30 dni planu ${PLAN_NAMES[plan]} kończy się ${warsawDate(trialEnd)}. Potem pobierzemy pierwszą opłatę miesięczną z zapisanej karty. Jeśli nie chcesz kontynuować, anuluj przed tym dniem: plan zostanie do końca okresu próbnego.`,
        'Zarządzaj subskrypcją',
        this.link,
        'Dostajesz tę wiadomość, bo rozpocząłeś okres próbny w GrouaRock.',
      ),
    };
  }

  paymentFailed(to: string, plan: keyof typeof PLAN_NAMES): Mail {
    return {
      to,
      subject: `Płatność za ${PLAN_NAMES[plan]} nie powiodła się`,
      ...mailLayout(
        'Płatność nie powiodła się',
        `Nie udało się pobrać opłaty za plan ${PLAN_NAMES[plan]}. Plan działa dalej, a płatność ponowimy w najbliższych dniach. Sprawdź lub zmień kartę, żeby go nie stracić.`,
        'Zaktualizuj płatność',
        this.link,
        'Dostajesz tę wiadomość, bo masz subskrypcję w GrouaRock.',
      ),
    };
  }
}
