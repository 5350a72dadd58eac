import { authEn } from './auth.en';
import { contentEn } from './content.en';
import { coreEn } from './core.en';
import { eventsEn } from './events.en';
import { liveEn } from './live.en';
import { assistantEn } from './assistant.en';
import { studioEn } from './studio.en';
import { subscriptionEn } from './subscription.en';
import { developerEn } from './developer.en';
import { homeEn } from './home.en';
import type { Messages } from './pl';
import { marketplaceEn } from './marketplace.en';
import { mixerEn } from './mixer.en';
import { profileEn } from './profile.en';
import { playlistsEn } from './playlists.en';
import { radioEn } from './radio.en';
import { tutorialsEn } from './tutorials.en';
import { adsEn } from './ads.en';
import { offlineEn } from './offline.en';
import { betaEn } from './beta.en';
import { securityEn } from './security.en';

export const en: Messages = {
  ...coreEn,
  ...authEn,
  ...profileEn,
  ...radioEn,
  ...playlistsEn,
  ...homeEn,
  ...mixerEn,
  ...marketplaceEn,
  ...contentEn,
  ...tutorialsEn,
  ...eventsEn,
  ...liveEn,
  ...assistantEn,
  ...studioEn,
  ...subscriptionEn,
  ...developerEn,
  ...adsEn,
  ...offlineEn,
  ...betaEn,
  ...securityEn,
};
