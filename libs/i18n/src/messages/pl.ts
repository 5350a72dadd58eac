import { authPl } from './auth.pl';
import { contentPl } from './content.pl';
import { corePl } from './core.pl';
import { eventsPl } from './events.pl';
import { livePl } from './live.pl';
import { assistantPl } from './assistant.pl';
import { studioPl } from './studio.pl';
import { subscriptionPl } from './subscription.pl';
import { developerPl } from './developer.pl';
import { homePl } from './home.pl';
import { marketplacePl } from './marketplace.pl';
import { mixerPl } from './mixer.pl';
import { profilePl } from './profile.pl';
import { playlistsPl } from './playlists.pl';
import { radioPl } from './radio.pl';
import { tutorialsPl } from './tutorials.pl';
import { adsPl } from './ads.pl';
import { offlinePl } from './offline.pl';
import { betaPl } from './beta.pl';
import { securityPl } from './security.pl';

/**
 * Polish, the source dictionary: its keys are the message ids of the whole product and its texts are
 * the product's, word for word. Values are ICU MessageFormat. The app loads it by area (index.ts).
 */
export const pl = {
  ...corePl,
  ...authPl,
  ...profilePl,
  ...radioPl,
  ...playlistsPl,
  ...homePl,
  ...mixerPl,
  ...marketplacePl,
  ...contentPl,
  ...tutorialsPl,
  ...eventsPl,
  ...livePl,
  ...assistantPl,
  ...studioPl,
  ...subscriptionPl,
  ...developerPl,
  ...adsPl,
  ...offlinePl,
  ...betaPl,
  ...securityPl,
};

export type MessageId = keyof typeof pl;
export type Messages = Record<MessageId, string>;
