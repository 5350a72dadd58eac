import type { MixerOverlayProps } from '../mixer-overlay-props';
import { mixerServices } from '../mixer-services';
import { MixerConsole } from './mixer-console';

/** The PRO DJ MIXER overlay (the default export that features/mixer's `MixerOverlay` loads lazily). */
export default function MixerOverlay(props: MixerOverlayProps) {
  return <MixerConsole {...props} services={mixerServices} />;
}
