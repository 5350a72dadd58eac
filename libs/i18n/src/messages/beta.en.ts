import type { betaPl } from './beta.pl';

export const betaEn: Record<keyof typeof betaPl, string> = {
  'beta.title': 'Beta features',
  'beta.badge': 'Beta',
  'beta.lead.early': 'As an Ultra member you have these new features first, before they reach everyone.',
  'beta.lead.coming': 'These new features are in beta: Ultra members have them first, and they will soon reach everyone.',
  'beta.coming': 'coming soon',
  'beta.upgrade': 'Go Ultra',
  'beta.feature.browser-live': 'Live from the browser: camera and DJ mixer',
};
