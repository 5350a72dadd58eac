import type { adsPl } from './ads.pl';

export const adsEn: Record<keyof typeof adsPl, string> = {
  'ads.label': 'Ad',
  'ads.banner': 'Ad break',
  'ads.countdown': '{seconds} s',
  'ads.announce': 'Ad. The station returns in {seconds, plural, one {# second} other {# seconds}}.',
  'ads.resuming': 'Back to the station…',
  'ads.promo': 'Listen without ads with the Premium plan.',
  'ads.upgrade': 'Go Premium',
};
