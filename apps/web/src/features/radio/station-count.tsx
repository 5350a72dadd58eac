import { createContext, type ReactNode, useContext } from 'react';
import { renderedStationCount } from '../../lib/station-count';
import { useStations } from './api/stations';

/**
 * How many stations the catalogue has, as the home page's texts and /radio's subtitle show it: the server's catalogue
 * (its STATIONS_FILE or the built-in one), never a number written into the texts. A prerendered page has it from the server, which wrote it into the HTML
 * and the page's meta element at boot: the texts render with the same number while React takes the page over, so
 * hydrating changes nothing and nothing moves. A page the browser renders from the app's shell counts the catalogue
 * once it is in (the same request the radio section makes); until then the texts go without the number.
 */
const StationCount = createContext<string | undefined>(undefined);

function CountedFromCatalogue({ children }: { children: ReactNode }) {
  const { data: stations } = useStations();
  return <StationCount.Provider value={stations ? String(stations.length) : undefined}>{children}</StationCount.Provider>;
}

export function StationCountProvider({ children }: { children: ReactNode }) {
  // Fixed for the document's life: the same branch renders on every render, and on the server and the client alike.
  const rendered = renderedStationCount();
  if (rendered === undefined) return <CountedFromCatalogue>{children}</CountedFromCatalogue>;
  return <StationCount.Provider value={rendered}>{children}</StationCount.Provider>;
}

/** The count as text (a number, or while prerendering the token the server replaces), or undefined while not known. */
export function useStationCount(): string | undefined {
  return useContext(StationCount);
}

/** The values of a text that says the count when it is known (`{known, select, true {… {count} …} other {}}`). */
export function stationCountValues(count: string | undefined): { known: boolean; count: string } {
  return { known: count !== undefined, count: count ?? '' };
}
