import type { Locale } from './locales';
import { pl, type Messages } from './messages/pl';

export { defaultLocale, isLocale, locales, type Locale } from './locales';
export type { MessageId, Messages } from './messages/pl';
export type {} from './react-intl-types';

/** Polish, the default: always at hand. */
export const defaultMessages: Messages = pl;

/** A language's dictionary; English and Dutch are loaded on demand, so the app ships only what it shows. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'pl':
      return pl;
    case 'en':
      return (await import('./messages/en')).en;
    case 'nl':
      return (await import('./messages/nl')).nl;
  }
}
