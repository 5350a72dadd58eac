// The public face of features/beta (BETA_FEATURES, docs/live.md "Beta features"): other features import from here only.
import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

export { useBetaFeature, type BetaAccess, type BetaFeature } from './use-beta';

/** /profile's "Funkcje beta": what the account has first, or what is coming. */
export const BetaFeatures = lazy(withMessages(['beta'], () => import('./components/beta-features')));
