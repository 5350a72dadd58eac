/** Ad breaks in the radio player (Basic and signed-out listeners, "Reklamy co 15 minut"). */
export const adsPl = {
  'ads.label': 'Reklama',
  'ads.banner': 'Przerwa reklamowa',
  'ads.countdown': '{seconds} s',
  'ads.announce': 'Reklama. Stacja wróci za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
  'ads.resuming': 'Wracamy do stacji…',
  'ads.promo': 'Słuchaj bez reklam z planem Premium.',
  'ads.upgrade': 'Przejdź na Premium',
};
