// The public face of features/ads: the player bar mounts AdBreaks and reads adBreakAtom.
import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

export { adBreakAtom, type AdBreakView } from './ad-break-atom';
export type { DeckStateName, StationHold } from './ad-break-controller';

/** Ad breaks in the radio player, with the ads texts, as their own chunk (loaded when a station first plays). */
export const AdBreaks = lazy(withMessages(['ads'], () => import('./components/ad-breaks')));
