import type { betaPl } from './beta.pl';

export const betaNl: Record<keyof typeof betaPl, string> = {
  'beta.title': 'Bètafuncties',
  'beta.badge': 'Bèta',
  'beta.lead.early': 'Als Ultra-lid heb je deze nieuwe functies als eerste, voordat iedereen ze krijgt.',
  'beta.lead.coming': 'Deze nieuwe functies zijn in bèta: Ultra-leden hebben ze als eerste, en binnenkort krijgt iedereen ze.',
  'beta.coming': 'binnenkort',
  'beta.upgrade': 'Overstappen op Ultra',
  'beta.feature.browser-live': 'Live vanuit de browser: camera en DJ-mixer',
};
