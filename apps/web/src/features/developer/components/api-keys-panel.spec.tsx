import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { ApiKeysPanel } from './api-keys-panel';

setupApiServer();

const usage = { plan: 'free', monthlyRequests: 1000, perMinute: 10, burst: 50, usedThisMonth: 12, requestsLeftNow: 50, monthResetsAt: '2026-12-01T00:00:00.000Z' };
const oldKey = { id: 'k-1', name: 'Bot na Discorda', scope: 'read-only', start: 'grk_3fK9aQ2m', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null, expiresAt: null };
const newKey = { ...oldKey, id: 'k-2', name: 'Skrypt', scope: 'full-access', start: 'grk_Zz81bbQ0', key: 'grk_Zz81bbQ0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' };
const expiringKey = { ...oldKey, id: 'k-3', name: 'Raporty', start: 'grk_Rr77ccP1', expiresAt: '2099-02-18T12:00:00.000Z' };
const expiredKey = { ...oldKey, id: 'k-4', name: 'Stary skrypt', start: 'grk_Ee11ddQ2', createdAt: '2026-05-20T12:00:00.000Z', expiresAt: '2026-08-18T12:00:00.000Z' };
const activeKeys = (n: number) => Array.from({ length: n }, (_, i) => ({ ...expiringKey, id: `a-${i}`, name: `Klucz ${i}` }));

describe('ApiKeysPanel', () => {
  it('shows the API plan and its use, and the keys by their first characters only', async () => {
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [oldKey], maxActive: 10 });
    renderApp(<ApiKeysPanel userId="u1" />);
    expect(await screen.findByText('Plan API: Free · w tym miesiącu 12 z 1000 zapytań · 10/min, do 50 naraz')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Twoje klucze API' });
    expect(within(list).getByText('Bot na Discorda')).toBeInTheDocument();
    expect(within(list).getByText('Tylko odczyt')).toBeInTheDocument();
    expect(within(list).getByText('grk_3fK9aQ2m…')).toBeInTheDocument();
    expect(within(list).getByText(/jeszcze nieużyty/)).toBeInTheDocument();
  });

  it('says when each key expires, and marks one that has expired', async () => {
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [expiringKey, oldKey, expiredKey], maxActive: 10 });
    renderApp(<ApiKeysPanel userId="u1" />);
    const rows = within(await screen.findByRole('list', { name: 'Twoje klucze API' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Raporty Tylko odczytgrk_Rr77ccP1… · .* · wygasa 18 lut 2099, \d\d:\d\dUnieważnij$/),
      expect.stringMatching(/^Bot na Discorda Tylko odczytgrk_3fK9aQ2m… · .* · bez terminu ważnościUnieważnij$/),
      expect.stringMatching(/^Stary skrypt Tylko odczyt Wygasłgrk_Ee11ddQ2… · .* · wygasł 18 sie 2026, \d\d:\d\dUnieważnij$/),
    ]);
    expect(screen.getAllByText('Wygasł')).toHaveLength(1);
  });

  it('counts only unexpired keys towards the ten an account may have', async () => {
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [...activeKeys(9), expiredKey], maxActive: 10 }, { keys: [...activeKeys(10), expiredKey], maxActive: 10 });
    const first = renderApp(<ApiKeysPanel userId="u1" />);
    expect(await screen.findByRole('form', { name: 'Nowy klucz API' })).toBeInTheDocument();
    first.unmount();
    renderApp(<ApiKeysPanel userId="u2" />);
    expect(await screen.findByText('Masz 10 aktywnych kluczy, najwięcej ile można. Unieważnij jeden, aby utworzyć nowy.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nowy klucz API' })).not.toBeInTheDocument();
  });

  it('makes a key for 90 days unless another lifetime is chosen: 30 or 365 days, or none', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [], maxActive: 10 });
    const created = answer('post', '/developer/keys', () => HttpResponse.json(newKey, { status: 201 }));
    renderApp(<ApiKeysPanel userId="u1" />);
    const lifetime = await screen.findByRole('combobox', { name: 'Ważność' });
    expect(within(lifetime).getAllByRole('option').map((option) => option.textContent)).toEqual(['30 dni', '90 dni (zalecane)', '365 dni', 'Bez terminu ważności']);
    expect(lifetime).toHaveDisplayValue('90 dni (zalecane)');
    for (const choice of [null, '365 dni', 'Bez terminu ważności', '30 dni']) {
      if (choice) await user.selectOptions(lifetime, choice);
      await user.type(screen.getByLabelText('Nazwa klucza'), 'Skrypt');
      await user.click(screen.getByRole('button', { name: 'Utwórz klucz' }));
      await waitFor(() => expect(screen.getByLabelText('Nazwa klucza')).toHaveValue(''));
    }
    expect(created.map((request) => request.body)).toEqual([90, 365, null, 30].map((expiresInDays) => ({ name: 'Skrypt', scope: 'read-only', expiresInDays })));
  });

  it('makes a full-access key, shows it once with a copy button, and lists it', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [], maxActive: 10 }, { keys: [newKey], maxActive: 10 });
    const created = answer('post', '/developer/keys', HttpResponse.json(newKey, { status: 201 }));
    renderApp(<ApiKeysPanel userId="u1" />);
    expect(await screen.findByText('Nie masz jeszcze żadnego klucza.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Utwórz klucz' }));
    expect(await screen.findByText('Podaj nazwę klucza')).toBeInTheDocument();
    expect(created).toHaveLength(0);
    await user.type(screen.getByLabelText('Nazwa klucza'), '  Skrypt ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Uprawnienia' }), 'Pełny dostęp');
    await user.click(screen.getByRole('button', { name: 'Utwórz klucz' }));
    const shown = await screen.findByRole('status');
    expect(within(shown).getByText(newKey.key)).toBeInTheDocument();
    expect(within(shown).getByText(/pokazujemy go tylko raz/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Kopiuj' })).toBeInTheDocument();
    expect(created[0].body).toEqual({ name: 'Skrypt', scope: 'full-access', expiresInDays: 90 });
    expect(await screen.findByRole('list', { name: 'Twoje klucze API' })).toHaveTextContent('Skrypt');
    await user.click(within(shown).getByRole('button', { name: 'Ukryj klucz' }));
    expect(screen.queryByText(newKey.key)).not.toBeInTheDocument();
  });

  it('revokes a key only after a confirmation, and says so', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [oldKey], maxActive: 10 }, { keys: [], maxActive: 10 });
    const revoked = answer('delete', '/developer/keys/:id', new HttpResponse(null, { status: 204 }));
    renderApp(<ApiKeysPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Unieważnij klucz Bot na Discorda' }));
    expect(revoked).toHaveLength(0);
    await user.click(within(screen.getByRole('group', { name: 'Czy na pewno unieważnić klucz Bot na Discorda?' })).getByRole('button', { name: 'Tak, unieważnij' }));
    expect(await screen.findByText('Klucz Bot na Discorda unieważniony: od teraz nie działa')).toBeInTheDocument();
    expect(revoked[0].url).toBe('/api/v1/developer/keys/k-1');
    expect(await screen.findByText('Nie masz jeszcze żadnego klucza.')).toBeInTheDocument();
  });

  it('says when ten keys are active, and what went wrong when the server refuses one', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', { keys: [oldKey], maxActive: 10 });
    answer('post', '/developer/keys', apiError(409, { code: 'too_many_keys' }));
    renderApp(<ApiKeysPanel userId="u1" />);
    await user.type(await screen.findByLabelText('Nazwa klucza'), 'Jedenasty');
    await user.click(screen.getByRole('button', { name: 'Utwórz klucz' }));
    expect(await screen.findByText('Masz już 10 aktywnych kluczy. Unieważnij jeden, aby utworzyć nowy.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nazwa klucza')).toHaveValue('Jedenasty'));
  });

  it('offers to retry when the keys cannot be loaded', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/usage', usage);
    answer('get', '/developer/keys', apiError(503), { keys: [oldKey], maxActive: 10 });
    renderApp(<ApiKeysPanel userId="u1" />);
    expect(await screen.findByText('Nie udało się wczytać kluczy.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Bot na Discorda')).toBeInTheDocument();
  });
});
