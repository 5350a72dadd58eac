import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiServer, apiUrl, get, http, realtime, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { stationDto } from '../../../testing/station-fixtures';
import { useDefaultStation } from '../hooks';
import { RadioControllerProvider } from '../radio-context';
import { SettingsDialog } from './settings-dialog';

setupApiServer(realtime.addEventListener('connection', () => undefined));

function Settings() {
  useDefaultStation();
  return <SettingsDialog />;
}

describe('the radio settings dialog', () => {
  it('says the alarm will play only once it is armed: where the player cannot start (no Web Audio here), the switch goes back off', async () => {
    const user = userEvent.setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    apiServer.use(get('/radio/stations', [stationDto('a', { name: 'Stacja a', featured: true })]), http.get(apiUrl('/radio/:id/nowplaying'), () => new Promise(() => undefined)));
    renderApp(
      <RadioControllerProvider>
        <Settings />
      </RadioControllerProvider>,
    );

    await user.click(await screen.findByRole('button', { name: 'Ustawienia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ustawienia' });
    const alarm = await within(dialog).findByRole('switch', { name: 'Auto Budzik' });
    await waitFor(() => expect(alarm).toBeEnabled());
    await user.click(alarm);

    await waitFor(() => expect(alarm).not.toBeChecked());
    expect(within(dialog).queryByText(/Budzik włączy/)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Arming the alarm failed', expect.anything());
    warn.mockRestore();
  });
});
