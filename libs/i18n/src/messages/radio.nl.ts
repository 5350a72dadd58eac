import type { radioPl } from './radio.pl';

export const radioNl: Record<keyof typeof radioPl, string> = {
  'radio.title': 'Online radio',
  'radio.subtitle': '50+ radiozenders, 24/7 beschikbaar',
};
