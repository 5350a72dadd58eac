import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiServer, apiUrl, http, HttpResponse, type Received } from '../../../testing/api-server';
import { setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { AuthDialogHost, SessionManager } from '../../auth';
import { PlaylistsPanel, type PlayPlaylist } from './playlists-panel';

setupApiServer();

const ID = '0b6f5a52-8d0e-4d53-9a53-7f3c5c1e9a01';
const stationDto = (id: string, name: string) => ({ id, name, country: { code: 'pl', name: 'Polska', flag: '🇵🇱' }, genres: ['punk'] });
const summary = (stationCount: number) => ({
  id: ID,
  name: 'Na drogę',
  description: null,
  trackCount: 0,
  stationCount,
  duration: 0,
  isPublic: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ownerName: 'Punk Rocker',
});
const detail = (ids: readonly string[], extra: object = {}) => ({
  ...summary(ids.length),
  items: ids.map((id) => ({ type: 'station', station: stationDto(id, id.toUpperCase()) })),
  ...extra,
});

/** PATCH /user/playlists/:id answered with the playlist as sent (entries named after their ids). */
function patches(): Received[] {
  const received: Received[] = [];
  apiServer.use(
    http.patch(apiUrl(`/user/playlists/${ID}`), async ({ request }) => {
      const body = (await request.json()) as { items?: { id: string }[]; isPublic?: boolean; name?: string };
      received.push({ method: 'PATCH', url: '', authorization: null, body });
      return HttpResponse.json(detail(body.items?.map((i) => i.id) ?? ['a', 'b'], { ...(body.name ? { name: body.name } : {}), isPublic: body.isPublic ?? false }));
    }),
  );
  return received;
}

async function renderPanel({ user = userDto() as ReturnType<typeof userDto> | null, onPlay }: { user?: ReturnType<typeof userDto> | null; onPlay?: PlayPlaylist } = {}) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  if (user) {
    answer('post', '/auth/token', sessionDto(900, user));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
  }
  return renderRoutes([{ path: '/radio', element: (<><PlaylistsPanel onPlay={onPlay} /><AuthDialogHost /></>) }], '/radio', { auth });
}

beforeEach(() => localStorage.clear());

describe('PlaylistsPanel', () => {
  it('asks a signed-out visitor to sign in, and reads no playlists', async () => {
    await renderPanel({ user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says how playlists work, to everyone (the text the assistant answers with)', async () => {
    await renderPanel({ user: null });
    expect(await screen.findByText(/^Na pełnym koncie utworzysz playlistę na stronie Radio albo w profilu\. .*„Dodaj do playlisty” przy odtwarzaczu/)).toBeInTheDocument();
  });

  it('shows the empty state and makes a playlist with a valid name only', async () => {
    answer('get', '/user/playlists', { playlists: [], maxPlaylists: 50, maxStationsPerPlaylist: 5 }, { playlists: [summary(0)], maxPlaylists: 50, maxStationsPerPlaylist: 5 });
    const created = answer('post', '/user/playlists', detail([]));
    await renderPanel();
    expect(await screen.findByText(/Nie masz jeszcze playlist/)).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Nazwa nowej playlisty' });
    await userEvent.click(screen.getByRole('button', { name: 'Utwórz playlistę' }));
    expect(await screen.findByText('Podaj nazwę playlisty (do 100 znaków)')).toBeInTheDocument();
    expect(created).toHaveLength(0);
    await userEvent.type(name, '  Na drogę ');
    await userEvent.click(screen.getByRole('button', { name: 'Utwórz playlistę' }));
    await waitFor(() => expect(created.map((r) => r.body)).toEqual([{ name: 'Na drogę' }]));
    expect(await screen.findByText('0 / 5 stacji')).toBeInTheDocument();
  });

  it('shows the size by plan and the way to more once full', async () => {
    answer('get', '/user/playlists', { playlists: [summary(5)], maxPlaylists: 50, maxStationsPerPlaylist: 5 });
    await renderPanel();
    expect(await screen.findByText('5 / 5 stacji')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Więcej stacji w Premium i Ultra' })).toHaveAttribute('href', '/subscription');
  });

  it('re-orders with the keyboard-reachable buttons, publishes with a link to share, and deletes after asking', async () => {
    answer('get', '/user/playlists', { playlists: [summary(2)], maxPlaylists: 50, maxStationsPerPlaylist: 50 });
    answer('get', `/playlists/${ID}`, detail(['a', 'b']));
    const sent = patches();
    const deleted = answer('delete', `/user/playlists/${ID}`, () => new HttpResponse(null, { status: 204 }));
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edytuj: Na drogę' }));
    const items = await screen.findByRole('list', { name: 'Pozycje playlisty' });
    expect(within(items).getByRole('button', { name: 'Przesuń wyżej: A' })).toBeDisabled();
    await userEvent.click(within(items).getByRole('button', { name: 'Przesuń niżej: A' }));
    await waitFor(() => expect(sent.map((r) => r.body)).toEqual([{ items: [{ type: 'station', id: 'b' }, { type: 'station', id: 'a' }] }]));
    await waitFor(() => expect(within(items).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Stacja: B'), expect.stringContaining('Stacja: A')]));

    await userEvent.click(screen.getByRole('switch', { name: /Publiczna/ }));
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ isPublic: true }));
    expect(await screen.findByText(`http://localhost/playlists/${ID}`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Usuń playlistę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć playlistę „Na drogę”?' });
    expect(deleted).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
  });

  it('says the plan’s size when the server refuses more stations', async () => {
    answer('get', '/user/playlists', { playlists: [summary(2)], maxPlaylists: 50, maxStationsPerPlaylist: 5 });
    answer('get', `/playlists/${ID}`, detail(['a', 'b']));
    apiServer.use(http.patch(apiUrl(`/user/playlists/${ID}`), () => HttpResponse.json({ statusCode: 403, message: 'limit', code: 'plan_limit' }, { status: 403 })));
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edytuj: Na drogę' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Przesuń niżej: A' }));
    expect(await screen.findAllByText('Playlista jest pełna: Twój plan mieści 5 stacji w jednej playliście.')).not.toHaveLength(0);
  });

  it('plays a playlist’s stations in its order', async () => {
    answer('get', '/user/playlists', { playlists: [summary(2)], maxPlaylists: 50, maxStationsPerPlaylist: 5 });
    answer('get', `/playlists/${ID}`, detail(['b', 'a']));
    const onPlay = jest.fn<ReturnType<PlayPlaylist>, Parameters<PlayPlaylist>>();
    await renderPanel({ onPlay });
    const play = await screen.findByRole('button', { name: 'Odtwarzaj: Na drogę' });
    // A drawn symbol, no ▶ (an emoji on some phones).
    expect(play.querySelector('svg[data-icon="play"][aria-hidden="true"]')).not.toBeNull();
    expect(play).toHaveTextContent(/^$/);
    await userEvent.click(play);
    await waitFor(() => expect(onPlay).toHaveBeenCalledWith('Na drogę', [expect.objectContaining({ id: 'b' }), expect.objectContaining({ id: 'a' })]));
  });
});
