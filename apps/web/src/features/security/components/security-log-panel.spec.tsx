import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { SecurityLogPanel } from './security-log-panel';

setupApiServer();

/** `count` lines, a minute apart, the newest at `from`. */
function lines(count: number, from: number, type = 'signed_in') {
  return Array.from({ length: count }, (_, i) => ({
    id: `e-${from}-${i}`,
    type,
    created_at: new Date(Date.UTC(2026, 11, 1, 12, 0) - (from + i) * 60_000).toISOString(),
    ip: '203.0.113.7',
    browser: 'Firefox 133',
    os: 'Windows 11',
    detail: { method: 'totp+password' },
  }));
}

describe('SecurityLogPanel', () => {
  it('shows each line as a sentence with its time, browser, system and address', async () => {
    answer('get', '/auth/security-log', {
      events: [
        { id: 'e-1', type: 'passkey_added', created_at: '2026-12-01T12:00:00.000Z', ip: '203.0.113.7', browser: 'Chrome 131', os: 'macOS 15', detail: { passkey: 'MacBook' } },
        { id: 'e-2', type: 'signed_in', created_at: '2026-12-01T11:00:00.000Z', ip: null, browser: null, os: null, detail: { method: 'totp+password' } },
      ],
    });
    renderApp(<SecurityLogPanel userId="u1" />);
    const rows = within(await screen.findByRole('list', { name: 'Zdarzenia' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Dodano klucz dostępu „MacBook”1 gru 2026, \d\d:\d\d · Chrome 131 na macOS 15 · 203\.0\.113\.7$/),
      expect.stringMatching(/^Zalogowano hasłem i kodem z aplikacji1 gru 2026, \d\d:\d\d$/),
    ]);
    expect(within(rows[0]).getByText(/1 gru 2026/).tagName).toBe('TIME');
    expect(within(rows[0]).getByText(/1 gru 2026/)).toHaveAttribute('datetime', '2026-12-01T12:00:00.000Z');
  });

  it('reads twenty lines at a time: “więcej” asks for those before the last one shown', async () => {
    const user = userEvent.setup();
    const first = lines(20, 0);
    const reads = answer('get', '/auth/security-log', { events: first }, { events: lines(5, 20) });
    renderApp(<SecurityLogPanel userId="u1" />);
    const list = await screen.findByRole('list', { name: 'Zdarzenia' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Więcej' }));
    expect(await within(list).findAllByRole('listitem')).toHaveLength(25);
    expect(reads.map((read) => read.url)).toEqual([
      '/api/v1/auth/security-log?limit=20',
      `/api/v1/auth/security-log?limit=20&before=${encodeURIComponent(first[19].created_at)}`,
    ]);
    // Fewer than twenty came back: that was the end.
    expect(screen.queryByRole('button', { name: 'Więcej' })).not.toBeInTheDocument();
  });

  it('says when nothing has happened yet', async () => {
    answer('get', '/auth/security-log', { events: [] });
    renderApp(<SecurityLogPanel userId="u1" />);
    expect(await screen.findByText('W dzienniku nie ma jeszcze żadnych zdarzeń.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Więcej' })).not.toBeInTheDocument();
  });

  it('offers to retry when the log cannot be loaded', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/security-log', apiError(503), { events: lines(1, 0) });
    renderApp(<SecurityLogPanel userId="u1" />);
    expect(await screen.findByText('Nie udało się wczytać dziennika.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Zalogowano hasłem i kodem z aplikacji')).toBeInTheDocument();
  });
});
