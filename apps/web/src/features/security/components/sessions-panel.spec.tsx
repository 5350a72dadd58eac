import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { SessionManager } from '../../auth';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { sessionDto } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { relativeParts } from './relative-time';
import { SessionsPanel } from './sessions-panel';

setupApiServer();

beforeEach(() => localStorage.clear());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const here = {
  id: 's-1',
  browser: 'Chrome 131',
  os: 'macOS 15',
  device: 'desktop',
  ip: '203.0.113.7',
  created_at: '2026-11-30T08:00:00.000Z',
  last_active_at: minutesAgo(0),
  aal: 'aal2',
  current: true,
};
const phone = { ...here, id: 's-2', browser: 'Safari 18', os: 'iOS 18', device: 'mobile', ip: '198.51.100.4', last_active_at: minutesAgo(5), aal: 'aal1', current: false };
const tv = { ...phone, id: 's-3', browser: null, os: null, device: null, ip: null, last_active_at: minutesAgo(3 * 24 * 60) };

async function signedIn(): Promise<SessionManager> {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto());
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  return auth;
}

describe('SessionsPanel', () => {
  it('lists where the account is signed in: this device first, browser and system, device, address, when; aal2 marked', async () => {
    answer('get', '/auth/sessions', { sessions: [tv, phone, here] });
    renderApp(<SessionsPanel userId="u1" />);
    const rows = within(await screen.findByRole('list', { name: 'Twoje sesje' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome 131 na macOS 15 To urządzenie Z kodem z aplikacjiKomputer · 203\.0\.113\.7zalogowano 30 lis 2026, \d\d:\d\d · ostatnio aktywna teraz/),
      expect.stringMatching(/^Safari 18 na iOS 18Telefon · 198\.51\.100\.4zalogowano .* · ostatnio aktywna 5 minut temu/),
      expect.stringMatching(/^Nieznana przeglądarkaUrządzeniezalogowano .* · ostatnio aktywna 3 dni temu/),
    ]);
    expect(within(rows[0]).getByRole('button', { name: 'Wyloguj to urządzenie' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Wyloguj sesję: Safari 18 na iOS 18' })).toBeInTheDocument();
  });

  it('ends another session, and says so', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/sessions', { sessions: [here, phone] }, { sessions: [here] });
    const ended = answer('delete', '/auth/sessions/:id', new HttpResponse(null, { status: 204 }));
    renderApp(<SessionsPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Wyloguj sesję: Safari 18 na iOS 18' }));
    expect(await screen.findByText('Wylogowano sesję: Safari 18 na iOS 18', { selector: 'li *' })).toBeInTheDocument();
    expect(ended.map((request) => request.url)).toEqual(['/api/v1/auth/sessions/s-2']);
    expect(await screen.findByText('Jesteś zalogowany tylko na tym urządzeniu.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wyloguj wszędzie indziej' })).not.toBeInTheDocument();
  });

  it('a session that had already ended is said so, and the list read again', async () => {
    const user = userEvent.setup();
    const reads = answer('get', '/auth/sessions', { sessions: [here, phone] }, { sessions: [here] });
    answer('delete', '/auth/sessions/:id', apiError(404, { code: 'session_not_found' }));
    renderApp(<SessionsPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Wyloguj sesję: Safari 18 na iOS 18' }));
    expect(await screen.findByText('Ta sesja była już zakończona.', { selector: 'li *' })).toBeInTheDocument();
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('signs out everywhere else and says how many sessions ended', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/sessions', { sessions: [here, phone, tv] }, { sessions: [here] });
    const others = answer('post', '/auth/sessions/end-others', { ended: 2 });
    renderApp(<SessionsPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Wyloguj wszędzie indziej' }));
    expect(await screen.findByText('Wylogowano 2 inne sesje', { selector: 'li *' })).toBeInTheDocument();
    expect(others).toHaveLength(1);
    expect(await screen.findByText('Jesteś zalogowany tylko na tym urządzeniu.')).toBeInTheDocument();
  });

  it('ending this device’s session is signing out', async () => {
    const user = userEvent.setup();
    const auth = await signedIn();
    answer('get', '/auth/sessions', { sessions: [here, phone] });
    const logouts = answer('post', '/auth/logout', new HttpResponse(null, { status: 204 }));
    renderApp(<SessionsPanel userId="u1" />, '/', { auth });
    await user.click(await screen.findByRole('button', { name: 'Wyloguj to urządzenie' }));
    expect(await screen.findByText('Wylogowano pomyślnie', { selector: 'li *' })).toBeInTheDocument();
    expect(logouts.map((logout) => logout.url)).toEqual(['/api/v1/auth/logout?scope=local']);
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('offers to retry when the sessions cannot be loaded', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/sessions', apiError(503), { sessions: [here] });
    renderApp(<SessionsPanel userId="u1" />);
    expect(await screen.findByText('Nie udało się wczytać listy urządzeń.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Chrome 131 na macOS 15')).toBeInTheDocument();
  });
});

describe('relativeParts', () => {
  const now = Date.parse('2026-12-02T12:00:00.000Z');
  it.each([
    ['2026-12-02T11:59:30.000Z', 0, 'second'],
    ['2026-12-02T11:55:00.000Z', -5, 'minute'],
    ['2026-12-02T09:00:00.000Z', -3, 'hour'],
    ['2026-12-01T12:00:00.000Z', -1, 'day'],
    ['2026-11-18T12:00:00.000Z', -2, 'week'],
    ['2026-09-02T12:00:00.000Z', -3, 'month'],
  ])('%s is %d %s from noon on 2 December', (iso, value, unit) => {
    expect(relativeParts(iso, now)).toEqual({ value, unit });
  });
});
