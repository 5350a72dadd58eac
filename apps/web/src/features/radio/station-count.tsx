import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import { renderedStationCount } from '../../lib/station-count';

/**
 * How many stations the catalogue has, as the home page's texts and /radio's subtitle show it: the server's catalogue
 * (its STATIONS_FILE or the built-in one), never a number written into the texts. A prerendered page has it from the server, which wrote it into the HTML
 * and the page's meta element at boot: the texts render with the same number while React takes the page over, so
 * hydrating changes nothing and nothing moves. A page the browser renders from the app's shell counts the catalogue
 * once it is in (the same request the radio section makes); until then the texts go without the number.
 */
const StationCount = createContext<string | undefined>(undefined);

/** The catalogue's reader, with the catalogue's hook: code a prerendered page (which has the count) never loads. */
const CatalogueCount = lazy(() => import('./catalogue-count'));

function CountedFromCatalogue({ children }: { children: ReactNode }) {
  const [count, setCount] = useState<string | undefined>();
  return (
    <StationCount.Provider value={count}>
      {children}
      <Suspense fallback={null}>
        <CatalogueCount onCount={setCount} />
      </Suspense>
    </StationCount.Provider>
  );
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
