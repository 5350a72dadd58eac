import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentStreamDto, LiveStreamDto, StreamListDto } from '@grouarock/api-client';
import { apiError, answer, apiServer, realtime, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { AuthDialogHost, SessionManager } from '../../auth';
import LiveSection from './live-section';

setupApiServer();

const me = userDto();

function streamDto(overrides: Partial<LiveStreamDto> = {}): LiveStreamDto {
  return {
    id: '7d1c2b3a-0000-4000-8000-000000000001',
    title: 'Próba w garażu',
    description: null,
    genre: 'metal',
    status: 'live',
    isLive: true,
    ownerName: 'Kasia',
    userId: '11111111-2222-4333-8444-555555555555',
    startedAt: '2026-11-25T12:00:00.000Z',
    endedAt: null,
    durationSeconds: null,
    playbackUrl: 'http://localhost/api/v1/live/7d1c2b3a-0000-4000-8000-000000000001/index.m3u8',
    viewers: 3,
    ...overrides,
  };
}

/** The section with a realtime socket the test can push on. */
async function renderSection({ signedIn = true, list = { live: [], replays: [] } as StreamListDto | Response, current = { stream: null, ingestUrl: 'rtmp://localhost:1935/live' } as CurrentStreamDto } = {}) {
  let push: (message: object) => void = () => undefined;
  apiServer.use(realtime.addEventListener('connection', ({ client }) => (push = (message) => client.send(JSON.stringify(message)))));
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  if (signedIn) {
    answer('post', '/auth/token', sessionDto(900, me));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
  }
  const lists = answer('get', '/stream/list', list);
  answer('get', '/stream/current', current);
  renderRoutes([{ path: '/', element: <><LiveSection /><AuthDialogHost /></> }], '/', { auth });
  return { push: (message: object) => push(message), lists };
}

beforeEach(() => localStorage.clear());

describe('the live section', () => {
  it('says nobody is live, then shows a stream that starts, with a notification, without a reload', async () => {
    const { push, lists } = await renderSection({ signedIn: false });
    expect(await screen.findByText('Nikt teraz nie nadaje. Rozpocznij pierwszy stream!')).toBeInTheDocument();
    expect(screen.getByText('Brak powiadomień. Gdy ktoś zacznie nadawać, zobaczysz to tutaj.')).toBeInTheDocument();

    const started = streamDto();
    answer('get', '/stream/list', { live: [started], replays: [] });
    await act(async () => push({ type: 'stream_started', channel: 'global.events', data: started }));
    const now = screen.getByRole('region', { name: 'Na żywo teraz' });
    expect(await within(now).findByRole('button', { name: 'Oglądaj: Próba w garażu' })).toBeInTheDocument();
    expect(within(now).getByText('NA ŻYWO')).toBeInTheDocument();
    expect(within(now).getByText('Widzowie: 3')).toBeInTheDocument();
    expect(screen.getByText(/^Kasia nadaje na żywo: Próba w garażu/)).toBeInTheDocument();
    expect(lists.length).toBeGreaterThanOrEqual(1);

    await userEvent.click(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    expect(await screen.findByText('Wszystkie powiadomienia zostały przeczytane')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Usuń powiadomienie' }));
    expect(screen.getByText('Brak powiadomień. Gdy ktoś zacznie nadawać, zobaczysz to tutaj.')).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    await renderSection({ list: apiError(500) });
    expect(await screen.findByText('Nie udało się wczytać transmisji. Sprawdź połączenie i spróbuj ponownie.')).toBeInTheDocument();
    answer('get', '/stream/list', { live: [], replays: [streamDto({ status: 'ended', isLive: false, durationSeconds: 125.4 })] });
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    const replays = await screen.findByRole('region', { name: 'Powtórki' });
    expect(within(replays).getByText('2:05')).toBeInTheDocument();
    expect(within(replays).getByRole('button', { name: 'Obejrzyj powtórkę: Próba w garażu' })).toBeInTheDocument();
  });

  it('asks for the title and the genre, starts the stream and shows the key once', async () => {
    await renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Rozpocznij stream' }));
    expect(await screen.findByText('Wypełnij wszystkie wymagane pola')).toBeInTheDocument();

    const created = answer('post', '/stream/create', {
      id: '7d1c2b3a-0000-4000-8000-000000000009',
      streamKey: 'k'.repeat(43),
      ingestUrl: 'rtmp://localhost:1935/live',
      playbackUrl: 'http://localhost/api/v1/live/x/index.m3u8',
      status: 'ready',
      maxListeners: 200,
    });
    answer('get', '/stream/current', { stream: streamDto({ id: '7d1c2b3a-0000-4000-8000-000000000009', status: 'ready', isLive: false, userId: me.id }), ingestUrl: 'rtmp://localhost:1935/live' });
    await userEvent.type(screen.getByLabelText('Tytuł'), '  Koncert w piwnicy ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gatunek' }), 'jazz');
    await userEvent.click(screen.getByRole('button', { name: 'Rozpocznij stream' }));
    expect(await screen.findByText('Stream rozpoczęty...')).toBeInTheDocument();
    expect(created[0].body).toEqual({ title: 'Koncert w piwnicy', genre: 'jazz' });
    expect(await screen.findByRole('button', { name: 'Stream Aktywny' })).toBeDisabled();
    const mine = screen.getByText('Twój stream').closest('section') as HTMLElement;
    expect(within(mine).getByText('k'.repeat(43))).toBeInTheDocument();
    expect(within(mine).getByText('Skopiuj klucz teraz: pokazujemy go tylko raz.')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Zakończ stream' })).toBeEnabled();
  });

  it('says when every live slot is taken', async () => {
    await renderSection();
    answer('post', '/stream/create', apiError(503, { code: 'live_full', message: 'full' }));
    await userEvent.type(await screen.findByLabelText('Tytuł'), 'Za dużo');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gatunek' }), 'rock');
    await userEvent.click(screen.getByRole('button', { name: 'Rozpocznij stream' }));
    expect(await screen.findByText('Wszystkie miejsca na transmisje są teraz zajęte. Spróbuj za kilka minut.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rozpocznij stream' })).toBeEnabled();
  });

  it('lets the owner delete their replay after asking, and only theirs', async () => {
    const own = streamDto({ id: '7d1c2b3a-0000-4000-8000-000000000002', title: 'Mój koncert', status: 'ended', isLive: false, userId: me.id, durationSeconds: 61 });
    const other = streamDto({ status: 'ended', isLive: false, durationSeconds: 30 });
    await renderSection({ list: { live: [], replays: [own, other] } });
    const replays = await screen.findByRole('region', { name: 'Powtórki' });
    expect(within(replays).queryByRole('button', { name: 'Usuń powtórkę: Próba w garażu' })).toBeNull();
    const deleted = answer('delete', '/stream/:id', new Response(null, { status: 204 }));
    answer('get', '/stream/list', { live: [], replays: [other] });
    await userEvent.click(within(replays).getByRole('button', { name: 'Usuń powtórkę: Mój koncert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć powtórkę?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText('Powtórka została usunięta')).toBeInTheDocument();
    expect(deleted[0].url).toBe('/api/v1/stream/7d1c2b3a-0000-4000-8000-000000000002');
    await screen.findByRole('button', { name: 'Obejrzyj powtórkę: Próba w garażu' });
    expect(screen.queryByRole('button', { name: 'Obejrzyj powtórkę: Mój koncert' })).toBeNull();
  });
});
