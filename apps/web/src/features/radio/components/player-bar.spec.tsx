import { screen, waitFor } from '@testing-library/react';
import { apiServer, apiUrl, http, HttpResponse, realtime, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { RadioControllerProvider } from '../radio-context';
import { PlayerBar } from './player-bar';

// The page's realtime socket connects to a server that accepts it and pushes nothing.
setupApiServer(realtime.addEventListener('connection', () => undefined));

const actions = { play: jest.fn(), togglePlay: jest.fn(), step: jest.fn(), playQueue: jest.fn() };

describe('the player bar', () => {
  it('draws its transport controls (previous, play, next) as icons, no character that a font may lack, each named for assistive technology', async () => {
    let listed = false;
    apiServer.use(
      http.get(apiUrl('/radio/stations'), () => {
        listed = true;
        return HttpResponse.json([]);
      }),
    );
    renderApp(
      <RadioControllerProvider>
        <PlayerBar actions={actions} />
      </RadioControllerProvider>,
    );
    for (const [name, icon] of [
      ['Poprzednia stacja', 'previous'],
      ['Odtwarzaj', 'play'],
      ['Następna stacja', 'next'],
    ]) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveTextContent(/^$/);
      expect(button.querySelector(`svg[data-icon="${icon}"][aria-hidden="true"]`)).not.toBeNull();
    }
    // The bar looks its station up in the stations list: answered before the test ends.
    await waitFor(() => expect(listed).toBe(true));
  });
});
