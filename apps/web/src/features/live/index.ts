// The public face of features/live: other features import from here, never from its files.
import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

/** The live part of the home page's #streaming section, with its texts, as its own chunk. */
export const LiveSection = lazy(withMessages(['live'], () => import('./components/live-section')));
export type { MixerBroadcastProps } from './components/mixer-broadcast';

/**
 * The DJ mixer's "go live" panel, as its own chunk too: this file is imported by the home page, which must not
 * carry it (the mixer loads the live texts with its own).
 */
export const MixerBroadcast = lazy(() => import('./components/mixer-broadcast').then((m) => ({ default: m.MixerBroadcast })));
