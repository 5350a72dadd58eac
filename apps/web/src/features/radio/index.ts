// The public face of features/radio: other features import from here, never from its files.
import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

/** The featured stations playing in place (the home page's radio section), with the radio texts, as its own chunk. */
export const FeaturedRadio = lazy(withMessages(['radio'], () => import('./components/featured-radio')));

/** The station catalogue (GET /radio/stations, loaded once per page visit): the home page counts it. */
export { useStations } from './api/stations';
/** The catalogue's size as the texts show it (the server's number in a prerendered page): the home page's and /radio's. */
export { StationCountProvider, stationCountValues, useStationCount } from './station-count';
