import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { radioApi, type StationDto } from '../api/radio-api';
import type * as RadioApiModule from '../api/radio-api';
import type * as RealtimeModule from '../api/realtime-client';
import FeaturedRadio, { FEATURED_ON_HOME } from './featured-radio';

jest.mock('../api/radio-api', () => {
  const actual = jest.requireActual<typeof RadioApiModule>('../api/radio-api');
  return { ...actual, radioApi: { ...actual.radioApi, stations: jest.fn(), nowPlaying: jest.fn(() => new Promise(() => undefined)) } };
});
// No server in unit tests: the now-playing feed's socket is a stand-in that never connects.
jest.mock('../api/realtime-client', () => ({
  ...jest.requireActual<typeof RealtimeModule>('../api/realtime-client'),
  RealtimeClient: class {
    connect() {}
    close() {}
    subscribe() {}
    unsubscribe() {}
  },
}));

const stations = jest.mocked(radioApi.stations);

function station(id: string, featured: boolean): StationDto {
  return {
    id,
    name: `Stacja ${id}`,
    country: { code: 'pl', name: 'Polska', flag: '🇵🇱' },
    genres: ['rock'],
    description: null,
    gradient: 'linear-gradient(#000, #111)',
    logoUrl: null,
    featured,
    listeners: 0,
    homepage: null,
    sourceUrl: 'http://example.test/stream',
    codec: 'mp3',
    program: null,
  };
}

describe('the featured stations on the home page', () => {
  it(`lists the featured stations only, at most ${FEATURED_ON_HOME}, with no player until one plays`, async () => {
    stations.mockResolvedValueOnce(['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => station(id, i !== 1)));
    renderApp(<FeaturedRadio />);

    const list = await screen.findByRole('list', { name: 'Polecane stacje' });
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Słuchaj: Stacja a', 'Słuchaj: Stacja c', 'Słuchaj: Stacja d', 'Słuchaj: Stacja e']);
    expect(screen.queryByTestId('player-bar')).not.toBeInTheDocument();
  });

  it('says when the stations could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stations.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([station('a', true)]);
    renderApp(<FeaturedRadio />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać stacji.');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('button', { name: 'Słuchaj: Stacja a' })).toBeInTheDocument();
    warn.mockRestore();
  });
});
