import { contentEn } from './content.en';
import { coreEn } from './core.en';
import { eventsEn } from './events.en';
import { homeEn } from './home.en';
import type { Messages } from './pl';
import { marketplaceEn } from './marketplace.en';
import { mixerEn } from './mixer.en';
import { radioEn } from './radio.en';
import { tutorialsEn } from './tutorials.en';

export const en: Messages = {
  ...coreEn,
  ...radioEn,
  ...homeEn,
  ...mixerEn,
  ...marketplaceEn,
  ...contentEn,
  ...tutorialsEn,
  ...eventsEn,
};
