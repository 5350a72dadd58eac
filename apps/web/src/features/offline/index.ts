// The public face of features/offline (offline listening for paid plans, docs/architecture.md): other features import
// from here only. Its screens load lazily, with their texts, as their own chunk; the service worker is registered only
// once a paid account keeps something offline.
import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

export { useOfflineSource } from './use-offline-source';

/** "Zachowaj offline" on a studio library track. */
export const StudioTrackOffline = lazy(withMessages(['offline'], () => import('./components/studio-track-offline')));

/** "Zachowaj offline" on a finished radio recording. */
export const RecordingOffline = lazy(withMessages(['offline'], () => import('./components/recording-offline')));

/** Under the radio's recordings: the storage figure, or the way to a plan with offline. */
export const RecordingsOffline = lazy(withMessages(['offline'], () => import('./components/recordings-offline')));

/** The storage figure under the studio library (and the plan re-checked there). */
export const OfflineStorage = lazy(withMessages(['offline'], () => import('./components/offline-storage')));

/** /profile's list of what is kept offline. */
export const OfflinePanel = lazy(withMessages(['offline'], () => import('./components/offline-panel')));
