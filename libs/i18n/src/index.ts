import type { Locale } from './locales';
import { en } from './messages/en';
import { nl } from './messages/nl';
import { pl, type Messages } from './messages/pl';

export { defaultLocale, isLocale, locales, type Locale } from './locales';
export type { MessageId, Messages } from './messages/pl';
export type {} from './react-intl-types';

/** Every dictionary, by locale. */
export const messages: Record<Locale, Messages> = { pl, en, nl };
