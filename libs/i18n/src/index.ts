import type { Locale } from './locales';
import { corePl } from './messages/core.pl';
import type { MessageId } from './messages/pl';

export { defaultLocale, isLocale, locales, type Locale } from './locales';
export { foldText } from './fold-text';
export type { MessageId, Messages } from './messages/pl';
export type {} from './react-intl-types';

/** Part of a dictionary: some of the message ids, each with its text. */
export type Dictionary = Partial<Record<MessageId, string>>;

type Loader = () => Promise<Dictionary>;

/**
 * The dictionaries come in areas, so a page loads the texts it shows and no others: `core` (the shell of every
 * page: navigation, footer, the account menu, errors) and one area per part of the product. The Polish ones here; the
 * others are named in translations.ts, loaded once someone reads another language (every page starts in Polish).
 */
const polish = {
  core: async () => corePl,
  auth: async () => (await import('./messages/auth.pl')).authPl,
  profile: async () => (await import('./messages/profile.pl')).profilePl,
  home: async () => (await import('./messages/home.pl')).homePl,
  radio: async () => (await import('./messages/radio.pl')).radioPl,
  playlists: async () => (await import('./messages/playlists.pl')).playlistsPl,
  mixer: async () => (await import('./messages/mixer.pl')).mixerPl,
  marketplace: async () => (await import('./messages/marketplace.pl')).marketplacePl,
  content: async () => (await import('./messages/content.pl')).contentPl,
  tutorials: async () => (await import('./messages/tutorials.pl')).tutorialsPl,
  live: async () => (await import('./messages/live.pl')).livePl,
  events: async () => (await import('./messages/events.pl')).eventsPl,
  assistant: async () => (await import('./messages/assistant.pl')).assistantPl,
  studio: async () => (await import('./messages/studio.pl')).studioPl,
  subscription: async () => (await import('./messages/subscription.pl')).subscriptionPl,
  developer: async () => (await import('./messages/developer.pl')).developerPl,
  ads: async () => (await import('./messages/ads.pl')).adsPl,
  offline: async () => (await import('./messages/offline.pl')).offlinePl,
  beta: async () => (await import('./messages/beta.pl')).betaPl,
  security: async () => (await import('./messages/security.pl')).securityPl,
} satisfies Record<string, Loader>;

export type Area = keyof typeof polish;

/**
 * Areas whose screens also show another area's texts: the profile's forms reuse the sign-in forms' fields and errors,
 * and the profile holds the developer's API keys and the account's security section.
 */
const includes: Partial<Record<Area, readonly Area[]>> = { profile: ['auth', 'developer', 'security'] };

/** `wanted` with the areas they include: every area a screen of theirs shows texts of. */
export function withIncludedAreas(wanted: readonly Area[]): Area[] {
  return [...new Set(wanted.flatMap((area) => [area, ...(includes[area] ?? [])]))];
}

/** Every area, core first. */
export const areas = Object.keys(polish) as Area[];

/** Polish core texts: always at hand, so the shell renders without waiting for a dictionary. */
export const defaultMessages: Dictionary = corePl;

/** One area's texts in one language (Polish core at once, everything else loaded on demand). */
export function loadArea(locale: Locale, area: Area): Promise<Dictionary> {
  return locale === 'pl' ? polish[area]() : import('./translations').then(({ loadTranslation }) => loadTranslation(locale, area));
}
