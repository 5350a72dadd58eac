import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-app';
import { DataRightsPanel } from './data-rights-panel';

setupApiServer();

function renderPanel() {
  return renderRoutes(
    [
      { path: '/profile', element: <DataRightsPanel /> },
      { path: '/', element: <p>strona główna</p> },
    ],
    '/profile',
  );
}

describe('DataRightsPanel', () => {
  it('downloads everything we hold as grouarock-data.json', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:export');
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const asked = answer('get', '/user/export', { format: 'grouarock-export/1', account: { id: 'u1' } });
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Pobierz moje dane' }));
    await waitFor(() => expect(clicked).toEqual(['grouarock-data.json']));
    expect(asked).toHaveLength(1);
    expect(JSON.parse(await saved[0].text())).toEqual({ format: 'grouarock-export/1', account: { id: 'u1' } });
  });

  it('deletes only once the word is typed, then signs out and goes home', async () => {
    const user = userEvent.setup();
    const deleted = answer('delete', '/user/data', { status: 'deleted', subscriptionsCancelled: 0, kept: [] });
    const { router } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Usuń moje dane' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tego nie da się cofnąć.');
    const confirm = screen.getByRole('button', { name: 'Usuń na zawsze' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Wpisz USUŃ, aby potwierdzić'), 'usuń');
    await user.click(confirm);
    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(deleted[0].body).toEqual({ confirm: 'DELETE' });
  });

  it('anonymizes after its own word, and says so when the server fails, changing nothing', async () => {
    const user = userEvent.setup();
    const asked = answer('post', '/user/anonymize', apiError(502), HttpResponse.json({ status: 'anonymized', name: 'anon-12345678' }));
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Zanonimizuj konto' }));
    await user.type(screen.getByLabelText('Wpisz ANONIMIZUJ, aby potwierdzić'), 'ANONIMIZUJ');
    await user.click(screen.getByRole('button', { name: 'Zanonimizuj na zawsze' }));
    expect(await screen.findByText('Nie udało się. Nic nie zostało zmienione; spróbuj ponownie za chwilę.')).toBeInTheDocument();
    expect(asked[0].body).toEqual({ confirm: 'ANONYMIZE' });
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.getByRole('button', { name: 'Usuń moje dane' })).toBeInTheDocument();
  });
});
