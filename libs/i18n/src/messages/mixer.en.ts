import type { mixerPl } from './mixer.pl';

export const mixerEn: Record<keyof typeof mixerPl, string> = {
  'mixer.title': 'PRO DJ MIXER',
};
