import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, setupApiServer } from '../../../testing/api-server';
import { renderApp, renderRoutes } from '../../../testing/render-app';
import { TutorialList } from './tutorial-list';
import TutorialsScreen from './tutorials-screen';

setupApiServer();

const routes = [
  { path: '/tutorials', element: <TutorialsScreen /> },
  { path: '/tutorials/:step', element: <TutorialsScreen /> },
  { path: '/tutorial/:id', element: <TutorialsScreen /> },
];

describe('the tutorials page', () => {
  it('filters by category with toggle buttons and opens cards in a new tab', async () => {
    renderRoutes(routes, '/tutorials');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutoriale' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Lista tutoriali' });
    expect(list.querySelectorAll(':scope > li')).toHaveLength(8);

    const api = screen.getByRole('button', { name: 'API' });
    fireEvent.click(api);
    expect(api).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wszystkie' })).toHaveAttribute('aria-pressed', 'false');
    const link = screen.getByRole('link', { name: /^Publiczne API: stacje i now-playing/ });
    expect(link).toHaveAttribute('href', '/tutorial/publiczne-api-stacje-i-now-playing');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /^Nagrywanie audycji/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 tutorial');
    expect(document.title).toBe('Tutoriale — GrouaRock');
  });

  it('shows "Brak tutoriali w tej kategorii" for an empty category', () => {
    renderApp(<TutorialList tutorials={[]} />);
    expect(screen.getByText('Brak tutoriali w tej kategorii')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Lista tutoriali' })).not.toBeInTheDocument();
  });

  it('renders a tutorial, a learning-path step and the 404 page for an unknown id', async () => {
    const { unmount } = renderRoutes(routes, '/tutorial/konto-i-sesje');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto i sesje' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Gdzie jesteś zalogowany' })).toBeInTheDocument();
    expect(screen.getByText('Łatwy', { exact: false })).toBeInTheDocument();
    unmount();

    const path = renderRoutes(routes, '/tutorials/beginner-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pierwsze kroki z radiem' })).toBeInTheDocument();
    expect(screen.getByText('Ścieżka Początkujący: krok 1 z 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Następny krok: Konto i sesje' })).toHaveAttribute('href', '/tutorials/beginner-2');
    path.unmount();

    const logs = answer('post', '/client-logs', { id: '1' });
    renderRoutes(routes, '/tutorial/nie-ma-takiego');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(logs).toEqual([expect.objectContaining({ body: expect.objectContaining({ kind: 'not_found' }) })]));
  });
});
