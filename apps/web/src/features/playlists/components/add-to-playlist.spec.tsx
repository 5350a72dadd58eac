import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiServer, apiUrl, http, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { SessionManager } from '../../auth';
import { AddToPlaylist, type AddToPlaylistProps } from './add-to-playlist';

setupApiServer();

beforeEach(() => localStorage.clear());

const ID = '0b6f5a52-8d0e-4d53-9a53-7f3c5c1e9a01';
const TRACK = '7c1c4d6e-1111-4a53-9f2b-3c1f6f0a1b2c';
const playlist = (items: object[]) => ({
  id: ID, name: 'Na drogę', description: null, trackCount: 0, stationCount: items.length, duration: 0, isPublic: false,
  createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', ownerName: null, items,
});
const stationItem = (id: string) => ({ type: 'station', station: { id, name: id } });

async function renderAdd(props: AddToPlaylistProps, max = 5) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto(900, userDto()));
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  answer('get', '/user/playlists', { playlists: [playlist([])], maxPlaylists: 50, maxStationsPerPlaylist: max });
  renderRoutes([{ path: '/radio', element: <AddToPlaylist {...props} /> }], '/radio', { auth });
}

function patches(): unknown[] {
  const bodies: unknown[] = [];
  apiServer.use(
    http.patch(apiUrl(`/user/playlists/${ID}`), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(playlist([]));
    }),
  );
  return bodies;
}

describe('AddToPlaylist', () => {
  it('adds the station playing after the playlist’s entries', async () => {
    answer('get', `/playlists/${ID}`, playlist([stationItem('punk-a')]));
    const sent = patches();
    await renderAdd({ station: { id: 'punk-b', name: 'Punk B' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj stację Punk B do playlisty' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Na drogę/ }));
    await waitFor(() => expect(sent).toEqual([{ items: [{ type: 'station', id: 'punk-a' }, { type: 'station', id: 'punk-b' }] }]));
  });

  it('refuses a station beyond the plan’s size, saying where more is', async () => {
    answer('get', `/playlists/${ID}`, playlist(['a', 'b', 'c', 'd', 'e'].map(stationItem)));
    const sent = patches();
    await renderAdd({ station: { id: 'punk-b', name: 'Punk B' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj stację Punk B do playlisty' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Na drogę/ }));
    expect(await screen.findAllByText('„Na drogę” jest pełna (5 stacji). Więcej stacji w Premium i Ultra.')).not.toHaveLength(0);
    expect(sent).toEqual([]);
  });

  it('adds the track heard, found among the tracks our relays recorded', async () => {
    const searched = answer('get', '/search', { stations: [], events: [], playlists: [], tracks: [{ id: TRACK, artist: 'Dżem', title: 'Whisky moja żono', album: null, duration: null, genre: null, playCount: 1, lastPlayedAt: '2026-11-01T10:00:00.000Z' }] });
    answer('get', `/playlists/${ID}`, playlist([]));
    const sent = patches();
    await renderAdd({ track: { artist: 'Dżem', title: 'Whisky moja żono' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj utwór Dżem — Whisky moja żono do playlisty' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Na drogę/ }));
    await waitFor(() => expect(sent).toEqual([{ items: [{ type: 'track', id: TRACK }] }]));
    expect(new URL(searched[0].url, 'http://x').searchParams.get('q')).toBe('Dżem - Whisky moja żono');
  });
});
