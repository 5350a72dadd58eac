import type { mixerPl } from './mixer.pl';

export const mixerNl: Record<keyof typeof mixerPl, string> = {
  'mixer.title': 'PRO DJ MIXER',
};
