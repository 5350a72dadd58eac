import { authNl } from './auth.nl';
import { contentNl } from './content.nl';
import { coreNl } from './core.nl';
import { eventsNl } from './events.nl';
import { liveNl } from './live.nl';
import { assistantNl } from './assistant.nl';
import { studioNl } from './studio.nl';
import { subscriptionNl } from './subscription.nl';
import { developerNl } from './developer.nl';
import { homeNl } from './home.nl';
import type { Messages } from './pl';
import { marketplaceNl } from './marketplace.nl';
import { mixerNl } from './mixer.nl';
import { profileNl } from './profile.nl';
import { playlistsNl } from './playlists.nl';
import { radioNl } from './radio.nl';
import { tutorialsNl } from './tutorials.nl';
import { adsNl } from './ads.nl';
import { offlineNl } from './offline.nl';
import { betaNl } from './beta.nl';
import { securityNl } from './security.nl';

export const nl: Messages = {
  ...coreNl,
  ...authNl,
  ...profileNl,
  ...radioNl,
  ...playlistsNl,
  ...homeNl,
  ...mixerNl,
  ...marketplaceNl,
  ...contentNl,
  ...tutorialsNl,
  ...eventsNl,
  ...liveNl,
  ...assistantNl,
  ...studioNl,
  ...subscriptionNl,
  ...developerNl,
  ...adsNl,
  ...offlineNl,
  ...betaNl,
  ...securityNl,
};
