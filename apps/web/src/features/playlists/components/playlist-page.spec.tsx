import { screen } from '@testing-library/react';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-app';
import { SessionManager } from '../../auth';
import { PlaylistPage } from './playlist-page';

setupApiServer();

beforeEach(() => localStorage.clear());

const ID = '0b6f5a52-8d0e-4d53-9a53-7f3c5c1e9a01';

async function renderPage() {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  renderRoutes([{ path: '/playlists/:id', element: <PlaylistPage /> }], `/playlists/${ID}`, { auth });
}

describe('/playlists/:id', () => {
  it('shows a shared playlist to anyone, with its entries and a play button that opens it on the radio', async () => {
    answer('get', `/playlists/${ID}`, {
      id: ID, name: 'W trasę', description: 'Na długą drogę', trackCount: 1, stationCount: 1, duration: 0, isPublic: true,
      createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', ownerName: 'Punk Rocker',
      items: [{ type: 'station', station: { id: 'punk-a', name: 'Punk A' } }, { type: 'track', track: { id: 't1', artist: 'KSU', title: 'Moje Bieszczady' } }],
    });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'W trasę' })).toBeInTheDocument();
    expect(screen.getByText('Playlista użytkownika Punk Rocker')).toBeInTheDocument();
    expect(screen.getByText('Stacja: Punk A')).toBeInTheDocument();
    expect(screen.getByText('Utwór: KSU — Moje Bieszczady')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Odtwarzaj playlistę' })).toHaveAttribute('href', `/radio?playlist=${ID}`);
  });

  it('says so for a playlist that is gone or private', async () => {
    answer('get', `/playlists/${ID}`, apiError(404, { code: 'playlist_not_found' }));
    await renderPage();
    expect(await screen.findByText('Nie ma takiej playlisty albo nie jest publiczna.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przejdź do radia' })).toHaveAttribute('href', '/radio');
  });
});
