import { screen, within } from '@testing-library/react';
import { apiServer, get, recordRequests, setupApiServer } from '../../testing/api-server';
import { renderApp } from '../../testing/render-app';
import { STATION_COUNT_META } from '../../lib/station-count';
import { FeaturesSection } from './components/features-section';
import { StatsSection } from './components/stats-section';
import { StationCountProvider } from './station-count';

setupApiServer();

const stations = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: `Stacja ${i}` }));

function renderHome() {
  return renderApp(
    <StationCountProvider>
      <StatsSection />
      <FeaturesSection />
    </StationCountProvider>,
  );
}

const stationsTile = () => screen.getByText('Stacje radiowe').closest('li') as HTMLElement;

describe("the home page's station count", () => {
  afterEach(() => document.head.querySelector(`meta[name="${STATION_COUNT_META}"]`)?.remove());

  it('is the number the server wrote into a prerendered page, at once and without asking for the catalogue', async () => {
    const meta = document.createElement('meta');
    meta.name = STATION_COUNT_META;
    meta.content = '42';
    document.head.append(meta);
    const requests = recordRequests();
    renderHome();
    expect(within(stationsTile()).getByText('42')).toBeInTheDocument();
    expect(screen.getByText('Stacje rockowe i punkowe z całego świata (w katalogu: 42), dostępne 24/7.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('counts the catalogue in a page the browser rendered itself, saying no number until it is in', async () => {
    apiServer.use(get('/radio/stations', stations(3)));
    renderHome();
    expect(stationsTile().firstElementChild).toBeEmptyDOMElement();
    expect(screen.getByText('Stacje rockowe i punkowe z całego świata, dostępne 24/7.')).toBeInTheDocument();
    expect(await within(stationsTile()).findByText('3')).toBeInTheDocument();
    expect(screen.getByText('Stacje rockowe i punkowe z całego świata (w katalogu: 3), dostępne 24/7.')).toBeInTheDocument();
  });

  it('ignores a meta element the server did not fill in', async () => {
    const meta = document.createElement('meta');
    meta.name = STATION_COUNT_META;
    meta.content = '__GROUAROCK_STATION_COUNT__';
    document.head.append(meta);
    apiServer.use(get('/radio/stations', stations(5)));
    renderHome();
    expect(await within(stationsTile()).findByText('5')).toBeInTheDocument();
    expect(screen.queryByText(/__GROUAROCK/)).not.toBeInTheDocument();
  });
});
