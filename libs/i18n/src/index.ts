import type { Locale } from './locales';
import { corePl } from './messages/core.pl';
import type { MessageId } from './messages/pl';

export { defaultLocale, isLocale, locales, type Locale } from './locales';
export { foldText } from './fold-text';
export type { MessageId, Messages } from './messages/pl';
export type {} from './react-intl-types';

/** Part of a dictionary: some of the message ids, each with its text. */
export type Dictionary = Partial<Record<MessageId, string>>;

type Loaders = Record<Locale, () => Promise<Dictionary>>;

/**
 * The dictionaries come in areas, so a page loads the texts it shows and no others: `core` (the shell of every
 * page: navigation, footer, the account menu, errors) and one area per part of the product.
 */
const loaders = {
  core: {
    pl: async () => corePl,
    en: async () => (await import('./messages/core.en')).coreEn,
    nl: async () => (await import('./messages/core.nl')).coreNl,
  },
  auth: {
    pl: async () => (await import('./messages/auth.pl')).authPl,
    en: async () => (await import('./messages/auth.en')).authEn,
    nl: async () => (await import('./messages/auth.nl')).authNl,
  },
  profile: {
    pl: async () => (await import('./messages/profile.pl')).profilePl,
    en: async () => (await import('./messages/profile.en')).profileEn,
    nl: async () => (await import('./messages/profile.nl')).profileNl,
  },
  home: {
    pl: async () => (await import('./messages/home.pl')).homePl,
    en: async () => (await import('./messages/home.en')).homeEn,
    nl: async () => (await import('./messages/home.nl')).homeNl,
  },
  radio: {
    pl: async () => (await import('./messages/radio.pl')).radioPl,
    en: async () => (await import('./messages/radio.en')).radioEn,
    nl: async () => (await import('./messages/radio.nl')).radioNl,
  },
  playlists: {
    pl: async () => (await import('./messages/playlists.pl')).playlistsPl,
    en: async () => (await import('./messages/playlists.en')).playlistsEn,
    nl: async () => (await import('./messages/playlists.nl')).playlistsNl,
  },
  mixer: {
    pl: async () => (await import('./messages/mixer.pl')).mixerPl,
    en: async () => (await import('./messages/mixer.en')).mixerEn,
    nl: async () => (await import('./messages/mixer.nl')).mixerNl,
  },
  marketplace: {
    pl: async () => (await import('./messages/marketplace.pl')).marketplacePl,
    en: async () => (await import('./messages/marketplace.en')).marketplaceEn,
    nl: async () => (await import('./messages/marketplace.nl')).marketplaceNl,
  },
  content: {
    pl: async () => (await import('./messages/content.pl')).contentPl,
    en: async () => (await import('./messages/content.en')).contentEn,
    nl: async () => (await import('./messages/content.nl')).contentNl,
  },
  tutorials: {
    pl: async () => (await import('./messages/tutorials.pl')).tutorialsPl,
    en: async () => (await import('./messages/tutorials.en')).tutorialsEn,
    nl: async () => (await import('./messages/tutorials.nl')).tutorialsNl,
  },
  live: {
    pl: async () => (await import('./messages/live.pl')).livePl,
    en: async () => (await import('./messages/live.en')).liveEn,
    nl: async () => (await import('./messages/live.nl')).liveNl,
  },
  events: {
    pl: async () => (await import('./messages/events.pl')).eventsPl,
    en: async () => (await import('./messages/events.en')).eventsEn,
    nl: async () => (await import('./messages/events.nl')).eventsNl,
  },
  assistant: {
    pl: async () => (await import('./messages/assistant.pl')).assistantPl,
    en: async () => (await import('./messages/assistant.en')).assistantEn,
    nl: async () => (await import('./messages/assistant.nl')).assistantNl,
  },
  studio: {
    pl: async () => (await import('./messages/studio.pl')).studioPl,
    en: async () => (await import('./messages/studio.en')).studioEn,
    nl: async () => (await import('./messages/studio.nl')).studioNl,
  },
  subscription: {
    pl: async () => (await import('./messages/subscription.pl')).subscriptionPl,
    en: async () => (await import('./messages/subscription.en')).subscriptionEn,
    nl: async () => (await import('./messages/subscription.nl')).subscriptionNl,
  },
  developer: {
    pl: async () => (await import('./messages/developer.pl')).developerPl,
    en: async () => (await import('./messages/developer.en')).developerEn,
    nl: async () => (await import('./messages/developer.nl')).developerNl,
  },
  ads: {
    pl: async () => (await import('./messages/ads.pl')).adsPl,
    en: async () => (await import('./messages/ads.en')).adsEn,
    nl: async () => (await import('./messages/ads.nl')).adsNl,
  },
  offline: {
    pl: async () => (await import('./messages/offline.pl')).offlinePl,
    en: async () => (await import('./messages/offline.en')).offlineEn,
    nl: async () => (await import('./messages/offline.nl')).offlineNl,
  },
  beta: {
    pl: async () => (await import('./messages/beta.pl')).betaPl,
    en: async () => (await import('./messages/beta.en')).betaEn,
    nl: async () => (await import('./messages/beta.nl')).betaNl,
  },
} satisfies Record<string, Loaders>;

export type Area = keyof typeof loaders;

/**
 * Areas whose screens also show another area's texts: the profile's forms reuse the sign-in forms' fields and errors,
 * and the profile holds the developer's API keys.
 */
const includes: Partial<Record<Area, readonly Area[]>> = { profile: ['auth', 'developer'] };

/** `wanted` with the areas they include: every area a screen of theirs shows texts of. */
export function withIncludedAreas(wanted: readonly Area[]): Area[] {
  return [...new Set(wanted.flatMap((area) => [area, ...(includes[area] ?? [])]))];
}

/** Every area, core first. */
export const areas = Object.keys(loaders) as Area[];

/** Polish core texts: always at hand, so the shell renders without waiting for a dictionary. */
export const defaultMessages: Dictionary = corePl;

/** One area's texts in one language (Polish core at once, everything else loaded on demand). */
export function loadArea(locale: Locale, area: Area): Promise<Dictionary> {
  return loaders[area][locale]();
}
