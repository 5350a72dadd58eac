import type { marketplacePl } from './marketplace.pl';

export const marketplaceEn: Record<keyof typeof marketplacePl, string> = {
  'marketplace.redirecting': 'Taking you to the Marketplace…',
  'marketplace.link': 'Go to the Marketplace',
};
