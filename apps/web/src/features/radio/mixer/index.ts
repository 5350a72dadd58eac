import { createElement, lazy, Suspense } from 'react';
import { withMessages } from '../../../lib/locale-messages';
import type { MixerOverlayProps } from './mixer-overlay-props';

export type { MixerOverlayProps } from './mixer-overlay-props';

// The live area too: the mixer can broadcast its mix (features/live's MixerBroadcast).
const LazyMixerOverlay = lazy(withMessages(['mixer', 'live'], () => import('./components/mixer-console')));

/**
 * The PRO DJ MIXER overlay, loaded on demand: the whole mixer (engine included) is its own chunk (React.lazy
 * over components/mixer-console.tsx) and nothing of it lands in the initial bundle. A plain function component
 * with its own Suspense, so it can be rendered directly or wrapped in another `lazy()` by the caller.
 */
export function MixerOverlay(props: MixerOverlayProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyMixerOverlay, props));
}
