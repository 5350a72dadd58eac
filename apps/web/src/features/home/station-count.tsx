// The station count the home page's texts show: features/radio's, which /radio's subtitle shows too (one mechanism).
export { StationCountProvider, stationCountValues, useStationCount } from '../radio';
