import type { marketplacePl } from './marketplace.pl';

export const marketplaceNl: Record<keyof typeof marketplacePl, string> = {
  'marketplace.redirecting': 'We brengen je naar de Marktplaats…',
  'marketplace.link': 'Naar de Marktplaats',
};
