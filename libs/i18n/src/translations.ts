import type { Area, Dictionary } from './index';
import type { Locale } from './locales';

/** The languages other than Polish, the default every page starts in. */
export type Translation = Exclude<Locale, 'pl'>;

/**
 * Each area's texts in the other languages (index.ts has the Polish ones): a module of its own, so the code every page
 * loads first does not carry the name of every translated dictionary.
 */
const translations = {
  core: {
    en: async () => (await import('./messages/core.en')).coreEn,
    nl: async () => (await import('./messages/core.nl')).coreNl,
  },
  auth: {
    en: async () => (await import('./messages/auth.en')).authEn,
    nl: async () => (await import('./messages/auth.nl')).authNl,
  },
  profile: {
    en: async () => (await import('./messages/profile.en')).profileEn,
    nl: async () => (await import('./messages/profile.nl')).profileNl,
  },
  home: {
    en: async () => (await import('./messages/home.en')).homeEn,
    nl: async () => (await import('./messages/home.nl')).homeNl,
  },
  radio: {
    en: async () => (await import('./messages/radio.en')).radioEn,
    nl: async () => (await import('./messages/radio.nl')).radioNl,
  },
  playlists: {
    en: async () => (await import('./messages/playlists.en')).playlistsEn,
    nl: async () => (await import('./messages/playlists.nl')).playlistsNl,
  },
  mixer: {
    en: async () => (await import('./messages/mixer.en')).mixerEn,
    nl: async () => (await import('./messages/mixer.nl')).mixerNl,
  },
  marketplace: {
    en: async () => (await import('./messages/marketplace.en')).marketplaceEn,
    nl: async () => (await import('./messages/marketplace.nl')).marketplaceNl,
  },
  content: {
    en: async () => (await import('./messages/content.en')).contentEn,
    nl: async () => (await import('./messages/content.nl')).contentNl,
  },
  tutorials: {
    en: async () => (await import('./messages/tutorials.en')).tutorialsEn,
    nl: async () => (await import('./messages/tutorials.nl')).tutorialsNl,
  },
  live: {
    en: async () => (await import('./messages/live.en')).liveEn,
    nl: async () => (await import('./messages/live.nl')).liveNl,
  },
  events: {
    en: async () => (await import('./messages/events.en')).eventsEn,
    nl: async () => (await import('./messages/events.nl')).eventsNl,
  },
  assistant: {
    en: async () => (await import('./messages/assistant.en')).assistantEn,
    nl: async () => (await import('./messages/assistant.nl')).assistantNl,
  },
  studio: {
    en: async () => (await import('./messages/studio.en')).studioEn,
    nl: async () => (await import('./messages/studio.nl')).studioNl,
  },
  subscription: {
    en: async () => (await import('./messages/subscription.en')).subscriptionEn,
    nl: async () => (await import('./messages/subscription.nl')).subscriptionNl,
  },
  developer: {
    en: async () => (await import('./messages/developer.en')).developerEn,
    nl: async () => (await import('./messages/developer.nl')).developerNl,
  },
  ads: {
    en: async () => (await import('./messages/ads.en')).adsEn,
    nl: async () => (await import('./messages/ads.nl')).adsNl,
  },
  offline: {
    en: async () => (await import('./messages/offline.en')).offlineEn,
    nl: async () => (await import('./messages/offline.nl')).offlineNl,
  },
  beta: {
    en: async () => (await import('./messages/beta.en')).betaEn,
    nl: async () => (await import('./messages/beta.nl')).betaNl,
  },
  security: {
    en: async () => (await import('./messages/security.en')).securityEn,
    nl: async () => (await import('./messages/security.nl')).securityNl,
  },
} satisfies Record<Area, Record<Translation, () => Promise<Dictionary>>>;

/** One area's texts in a language other than Polish. */
export function loadTranslation(locale: Translation, area: Area): Promise<Dictionary> {
  return translations[area][locale]();
}
