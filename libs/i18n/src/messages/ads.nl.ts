import type { adsPl } from './ads.pl';

export const adsNl: Record<keyof typeof adsPl, string> = {
  'ads.label': 'Reclame',
  'ads.banner': 'Reclameblok',
  'ads.countdown': '{seconds} s',
  'ads.announce': 'Reclame. Het station is terug over {seconds, plural, one {# seconde} other {# seconden}}.',
  'ads.resuming': 'Terug naar het station…',
  'ads.promo': 'Luister zonder reclame met het Premium-abonnement.',
  'ads.upgrade': 'Neem Premium',
};
