import { screen, waitFor } from '@testing-library/react';
import { answer, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { NotFoundPage } from './not-found-page';

setupApiServer();

describe('NotFoundPage', () => {
  it('shows the spec text, links home and reports the attempted path once', async () => {
    const logs = answer('post', '/client-logs', { id: '1' });
    window.history.pushState({}, '', '/nie-ma?x=1');
    renderApp(<NotFoundPage />, '/nie-ma?x=1');
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(logs).toHaveLength(1));
    await new Promise((settle) => setTimeout(settle, 50)); // room for a second report, which must not come
    expect(logs).toEqual([expect.objectContaining({ method: 'POST', url: '/api/v1/client-logs', body: { kind: 'not_found', path: '/nie-ma?x=1' } })]);
  });
});
