import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, apiServer, apiUrl, get, http, realtime, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { stationDto } from '../../../testing/station-fixtures';
import type { StationDto } from '../api/stations';
import FeaturedRadio, { FEATURED_ON_HOME } from './featured-radio';

// The page's realtime socket connects to a server that accepts it and pushes nothing.
setupApiServer(realtime.addEventListener('connection', () => undefined));

function station(id: string, featured: boolean): StationDto {
  return stationDto(id, { name: `Stacja ${id}`, featured });
}

describe('the featured stations on the home page', () => {
  it(`lists the featured stations only, at most ${FEATURED_ON_HOME}, with no player until one plays`, async () => {
    apiServer.use(get('/radio/stations', ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => station(id, i !== 1))), http.get(apiUrl('/radio/:id/nowplaying'), () => new Promise(() => undefined)));
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
    apiServer.use(
      http.get(apiUrl('/radio/stations'), () => apiError(503), { once: true }),
      get('/radio/stations', [station('a', true)]),
      http.get(apiUrl('/radio/:id/nowplaying'), () => new Promise(() => undefined)),
    );
    renderApp(<FeaturedRadio />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać stacji.');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('button', { name: 'Słuchaj: Stacja a' })).toBeInTheDocument();
    warn.mockRestore();
  });
});
