import { screen, within } from '@testing-library/react';
import { apiServer, get, realtime, setupApiServer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-app';
import { stationDto } from '../../../testing/station-fixtures';
import { SessionManager } from '../../auth';
import { RadioControllerProvider } from '../radio-context';
import { LibraryPanel } from './library-panel';
import { StationFilters } from './station-filters';
import { StationGrid } from './station-grid';

setupApiServer(realtime.addEventListener('connection', () => undefined));

beforeEach(() => localStorage.clear());

/** Regional indicator symbols, the letters emoji flags are made of. */
const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/u;

/** An emoji flag made as the API makes `country.flag` (apps/api/src/radio/countries.ts). */
const emojiFlag = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

const country = (code: string, name: string) => ({ code, name, flag: emojiFlag(code) });

/** Countries as the API sends them, emoji included: two we draw a flag for, one we do not (Czechia). */
const STATIONS = [
  stationDto('rock-pl', { name: 'Rock PL', country: country('pl', 'Polska') }),
  stationDto('punk-gb', { name: 'Punk GB', country: country('gb', 'Wielka Brytania') }),
  stationDto('punk-cz', { name: 'Punk CZ', country: country('cz', 'Czechy') }),
];

/** The library, the filters and the grid of /radio, signed out, over STATIONS. */
async function renderRadioLists() {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  apiServer.use(get('/radio/stations', STATIONS));
  const element = (
    <RadioControllerProvider>
      <LibraryPanel />
      <StationFilters />
      <StationGrid />
    </RadioControllerProvider>
  );
  renderRoutes([{ path: '/radio', element }], '/radio', { auth });
  await screen.findByTestId('station-grid');
}

describe('country marks on /radio', () => {
  it('sanity: the stations this spec serves carry the emoji flags the API sends', () => {
    expect(STATIONS.map((station) => station.country.flag).join('')).toMatch(REGIONAL_INDICATOR);
  });

  it('heads each country of "Stacje według kraju" with our flag or its code, named by the country alone', async () => {
    await renderRadioLists();
    const byCountry = await screen.findByRole('region', { name: 'Stacje według kraju' });
    const expected = [
      { name: 'Polska', code: 'pl', element: 'svg' },
      { name: 'Wielka Brytania', code: 'gb', element: 'svg' },
      { name: 'Czechy', code: 'cz', element: 'span' },
    ];
    for (const { name, code, element } of expected) {
      const heading = await within(byCountry).findByRole('heading', { level: 3, name });
      const marks = heading.querySelectorAll('[data-country-mark]');
      expect(marks).toHaveLength(1);
      expect(marks[0]).toHaveAttribute('data-country-mark', code);
      expect(marks[0].tagName.toLowerCase()).toBe(element);
      // Decorative: the heading's name is the country's, read once.
      expect(marks[0]).toHaveAttribute('aria-hidden', 'true');
    }
    const czech = within(byCountry).getByRole('heading', { level: 3, name: 'Czechy' });
    expect(czech.querySelector('[data-country-mark]')).toHaveTextContent(/^CZ$/);
    expect(byCountry.textContent).not.toMatch(REGIONAL_INDICATOR);
  });

  it('marks the station cards the same way, and the country filter lists plain names', async () => {
    await renderRadioLists();
    const grid = within(screen.getByTestId('station-grid'));
    const polish = grid.getByRole('button', { name: 'Słuchaj: Rock PL' });
    expect(polish.querySelector('svg[data-country-mark="pl"]')).not.toBeNull();
    expect(polish).toHaveTextContent('Polska');
    const czech = grid.getByRole('button', { name: 'Słuchaj: Punk CZ' });
    expect(czech.querySelector('span[data-country-mark="cz"]')).toHaveTextContent(/^CZ$/);
    expect(czech).toHaveTextContent('Czechy');

    const filter = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Kraj' });
    expect([...filter.options].map((option) => option.textContent)).toEqual(['Wszystkie kraje', 'Polska', 'Wielka Brytania', 'Czechy']);

    // Nowhere on the screen, in text or in an attribute.
    expect(document.body.innerHTML).not.toMatch(REGIONAL_INDICATOR);
  });
});
