import type { radioPl } from './radio.pl';

export const radioEn: Record<keyof typeof radioPl, string> = {
  'radio.title': 'Online Radio',
  'radio.subtitle': '50+ radio stations available 24/7',
};
