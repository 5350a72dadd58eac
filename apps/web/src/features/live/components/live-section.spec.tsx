import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';
import type { BetaListDto, CurrentStreamDto, EntitlementsDto, LiveStreamDto, StreamListDto } from '@grouarock/api-client';
import { apiError, apiUrl, answer, apiServer, realtime, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { AuthDialogHost, SessionManager } from '../../auth';
import LiveSection from './live-section';

setupApiServer();

const me = userDto();

type Plan = EntitlementsDto['plan'];
type BetaFeature = BetaListDto['features'][number];

/** The signed-in account's GET /me/entitlements on `plan` (from an operator's grant). */
const entitlementsOf = (plan: Plan): Omit<EntitlementsDto, 'beta'> => ({ plan, source: plan === 'basic' ? 'default' : 'grant', limits: PLAN_LIMITS_FIXTURE[plan], subscription: null, trialAvailable: false });

function streamDto(overrides: Partial<LiveStreamDto> = {}): LiveStreamDto {
  return {
    id: '7d1c2b3a-0000-4000-8000-000000000001',
    title: 'Próba w garażu',
    description: null,
    genre: 'metal',
    status: 'live',
    isLive: true,
    audience: 'everyone',
    requiredPlan: null,
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
async function renderSection({
  signedIn = true,
  list = { live: [], replays: [] } as StreamListDto | Response,
  current = { stream: null, ingestUrl: 'rtmp://localhost:1935/live' } as CurrentStreamDto,
  plan = 'basic' as Plan,
  beta = { features: [] as BetaFeature[], plan: 'ultra' as const },
} = {}) {
  let push: (message: object) => void = () => undefined;
  apiServer.use(realtime.addEventListener('connection', ({ client }) => (push = (message) => client.send(JSON.stringify(message)))));
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  if (signedIn) {
    answer('post', '/auth/token', sessionDto(900, me));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
  }
  answer('get', '/beta', beta);
  if (signedIn) answer('get', '/me/entitlements', { ...entitlementsOf(plan), beta: plan === 'ultra' ? beta.features : [] });
  const lists = answer('get', '/stream/list', list);
  answer('get', '/stream/current', current);
  renderRoutes([{ path: '/', element: <><LiveSection /><AuthDialogHost /></> }], '/', { auth });
  return { push: (message: object) => push(message), lists };
}

/** Someone else starts `stream` (the list now holds it, the push announces it); resolves to its notification. */
async function startedElsewhere(push: (message: object) => void, stream = streamDto()): Promise<HTMLElement> {
  answer('get', '/stream/list', { live: [stream], replays: [] });
  await act(async () => push({ type: 'stream_started', channel: 'global.events', data: stream }));
  return screen.findByRole('button', { name: new RegExp(`^${stream.ownerName} nadaje na żywo: ${stream.title}`) });
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

  it('opens the stream of a notification, with the keyboard too', async () => {
    const { push } = await renderSection({ signedIn: false });
    await screen.findByText('Nikt teraz nie nadaje. Rozpocznij pierwszy stream!');
    (await startedElsewhere(push)).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Próba w garażu' });
    expect(within(dialog).getByLabelText('Obraz transmisji: Próba w garażu')).toBeInTheDocument();
  });

  it('marks a notification read when it is opened, by click or with Enter, and only that one', async () => {
    const { push } = await renderSection({ signedIn: false });
    await screen.findByText('Nikt teraz nie nadaje. Rozpocznij pierwszy stream!');
    const first = streamDto();
    const second = streamDto({ id: '7d1c2b3a-0000-4000-8000-000000000003', title: 'Jam w piwnicy', ownerName: 'Ola' });
    answer('get', '/stream/list', { live: [first, second], replays: [] });
    await act(async () => push({ type: 'stream_started', channel: 'global.events', data: first }));
    await act(async () => push({ type: 'stream_started', channel: 'global.events', data: second }));
    const markAll = screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' });
    expect(markAll).toBeEnabled();

    // Unread ones say so to a screen reader, and the heading counts them.
    expect(screen.getByRole('heading', { name: 'Powiadomienia 2 nowe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Kasia nadaje na żywo: Próba w garażu \d\d:\d\d nieprzeczytane$/ })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /^Kasia nadaje na żywo: Próba w garażu/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Próba w garażu' });
    // The other one is still unread.
    expect(markAll).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    expect(screen.getByRole('button', { name: /^Kasia nadaje na żywo: Próba w garażu \d\d:\d\d$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Powiadomienia 1 nowe' })).toBeInTheDocument();

    screen.getByRole('button', { name: /^Ola nadaje na żywo: Jam w piwnicy/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Jam w piwnicy' })).toBeInTheDocument();
    expect(markAll).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Powiadomienia' })).toBeInTheDocument();
  });

  it('marks a notification read when its browser notification is clicked', async () => {
    const shown: { onclick: (() => void) | null }[] = [];
    class GrantedNotification {
      static readonly permission = 'granted';
      onclick: (() => void) | null = null;
      constructor() {
        shown.push(this);
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: GrantedNotification });
    try {
      const { push } = await renderSection({ signedIn: false });
      await screen.findByText('Nikt teraz nie nadaje. Rozpocznij pierwszy stream!');
      await startedElsewhere(push);
      const markAll = screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' });
      expect(markAll).toBeEnabled();
      expect(shown).toHaveLength(1);

      act(() => shown[0].onclick?.());
      expect(await screen.findByRole('dialog', { name: 'Próba w garażu' })).toBeInTheDocument();
      // Behind the modal dialog, so held from before.
      expect(markAll).toBeDisabled();
    } finally {
      delete (window as { Notification?: unknown }).Notification;
    }
  });

  it('says a replay deleted while it is watched is gone, and drops it from the list', async () => {
    const replay = streamDto({ status: 'ended', isLive: false, durationSeconds: 61 });
    const { push } = await renderSection({ signedIn: false, list: { live: [], replays: [replay] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Obejrzyj powtórkę: Próba w garażu' }));
    const watching = await screen.findByRole('dialog', { name: 'Próba w garażu' });
    expect(within(watching).getByLabelText('Obraz transmisji: Próba w garażu')).toBeInTheDocument();

    // Registered before the list's answer, which therefore comes first for /stream/list (":id" matches "list" too).
    const read = answer('get', '/stream/:id', apiError(404, { code: 'stream_not_found' }));
    answer('get', '/stream/list', { live: [], replays: [] });
    await act(async () => push({ type: 'stream_deleted', channel: 'global.events', data: { id: replay.id } }));
    const gone = await screen.findByRole('dialog', { name: 'Transmisja niedostępna' });
    expect(within(gone).getByRole('status')).toHaveTextContent('Ta transmisja lub jej powtórka została usunięta.');
    expect(within(gone).queryByLabelText('Obraz transmisji: Próba w garażu')).toBeNull();
    expect(read.map((r) => r.url)).toContain(`/api/v1/stream/${replay.id}`);
    await userEvent.click(within(gone).getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Obejrzyj powtórkę: Próba w garażu' })).toBeNull();
  });

  it('opens a notification whose stream the list no longer holds by reading that stream alone, offering a retry when that fails', async () => {
    const { push } = await renderSection({ signedIn: false });
    await screen.findByText('Nikt teraz nie nadaje. Rozpocznij pierwszy stream!');
    const started = streamDto();
    const notification = await startedElsewhere(push, started);

    // It ended and fell off the list's latest replays before the notification was opened.
    answer('get', '/stream/:id', apiError(503), streamDto({ status: 'ended', isLive: false, durationSeconds: 3600 }));
    answer('get', '/stream/list', { live: [], replays: [] });
    await act(async () => push({ type: 'stream_ended', channel: 'global.events', data: { ...started, status: 'ended', isLive: false } }));
    await screen.findByText('Nikt teraz nie nadaje. Rozpocznij pierwszy stream!');
    await userEvent.click(notification);
    const dialog = await screen.findByRole('dialog', { name: 'Transmisja' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się wczytać transmisji.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spróbuj ponownie' }));
    const replay = await screen.findByRole('dialog', { name: 'Próba w garażu' });
    expect(within(replay).getByText('POWTÓRKA')).toBeInTheDocument();
    expect(within(replay).getByLabelText('Obraz transmisji: Próba w garażu')).toBeInTheDocument();
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
    expect(created[0].body).toEqual({ title: 'Koncert w piwnicy', genre: 'jazz', audience: 'everyone' });
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

  describe('Ultra-only streams', () => {
    const exclusive = () => streamDto({ audience: 'ultra', requiredPlan: 'ultra', title: 'Koncert dla VIP' });

    it('shows a Basic viewer the lock and the way to Ultra instead of the player, and asks for no access', async () => {
      await renderSection({ list: { live: [exclusive()], replays: [] } });
      const card = (await screen.findByRole('button', { name: /Koncert dla VIP/ })).closest('li') as HTMLElement;
      expect(within(card).getByText('🔒 Ultra')).toBeInTheDocument();
      const watches = answer('post', `/stream/${exclusive().id}/watch`, apiError(403, { code: 'ultra_only', message: 'This stream is for Ultra members' }));
      await userEvent.click(within(card).getByRole('button', { name: /Koncert dla VIP/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Koncert dla VIP' });
      expect(within(dialog).getByText('Transmisja tylko dla Ultra')).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Przejdź na Ultra' })).toHaveAttribute('href', '/subscription');
      expect(within(dialog).queryByLabelText('Obraz transmisji: Koncert dla VIP')).not.toBeInTheDocument();
      expect(watches).toHaveLength(0);
    });

    it('plays it for an Ultra member from the URL that carries their access', async () => {
      await renderSection({ plan: 'ultra', list: { live: [exclusive()], replays: [] } });
      const watches = answer('post', `/stream/${exclusive().id}/watch`, { playbackUrl: 'http://localhost/api/v1/live/x/index.m3u8?access=a.b', accessUntil: '2026-11-25T18:00:00.000Z' });
      await userEvent.click(await screen.findByRole('button', { name: /Koncert dla VIP/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Koncert dla VIP' });
      expect(await within(dialog).findByLabelText('Obraz transmisji: Koncert dla VIP')).toBeInTheDocument();
      expect(within(dialog).queryByText('Transmisja tylko dla Ultra')).not.toBeInTheDocument();
      expect(watches).toHaveLength(1);
    });

    it('starts a stream for Ultra only when "Tylko dla Ultra" is ticked, and lets its owner open it to everyone while it runs', async () => {
      await renderSection();
      const created = answer('post', '/stream/create', { id: '7d1c2b3a-0000-4000-8000-000000000009', streamKey: 'k'.repeat(43), ingestUrl: null, playbackUrl: 'http://localhost/x', status: 'ready', maxListeners: 200 });
      const mine = streamDto({ id: '7d1c2b3a-0000-4000-8000-000000000009', userId: me.id, audience: 'ultra', requiredPlan: 'ultra' });
      await userEvent.type(await screen.findByLabelText('Tytuł'), 'Dla VIP');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gatunek' }), 'rock');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Tylko dla Ultra' }));
      answer('get', '/stream/current', { stream: mine, ingestUrl: null });
      await userEvent.click(screen.getByRole('button', { name: 'Rozpocznij stream' }));
      expect(await screen.findByText('Stream rozpoczęty...')).toBeInTheDocument();
      expect(created[0].body).toEqual({ title: 'Dla VIP', genre: 'rock', audience: 'ultra' });

      const section = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      // The helper answers GET, POST, PUT and DELETE: PATCH is answered here.
      const patches: unknown[] = [];
      apiServer.use(
        http.patch(apiUrl(`/stream/${mine.id}`), async ({ request }) => {
          patches.push(await request.json());
          return HttpResponse.json({ ...mine, audience: 'everyone', requiredPlan: null });
        }),
      );
      answer('get', '/stream/current', { stream: { ...mine, audience: 'everyone', requiredPlan: null }, ingestUrl: null });
      const box = within(section).getByRole('checkbox', { name: 'Tylko dla Ultra' });
      expect(box).toBeChecked();
      await userEvent.click(box);
      await waitFor(() => expect(within(section).getByRole('checkbox', { name: 'Tylko dla Ultra' })).not.toBeChecked());
      expect(patches).toEqual([{ audience: 'everyone' }]);
    });
  });

  describe('going live from the browser in beta (BETA_FEATURES lists browser-live)', () => {
    const mine = () => ({ stream: streamDto({ status: 'ready', isLive: false, userId: me.id }), ingestUrl: 'rtmp://localhost:1935/live' });
    const inBeta = { features: ['browser-live'] as BetaFeature[], plan: 'ultra' as const };

    it('keeps it from a Basic account, which sees it as coming with the way to Ultra, and OBS as ever', async () => {
      await renderSection({ current: mine(), beta: inBeta });
      const section = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      expect(await within(section).findByText(/Nadawanie z przeglądarki jest w wersji beta/)).toBeInTheDocument();
      expect(within(section).getByRole('link', { name: 'Przejdź na Ultra' })).toHaveAttribute('href', '/subscription');
      expect(within(section).queryByRole('button', { name: 'Nadaj z kamery' })).not.toBeInTheDocument();
      expect(within(section).queryByText(/^Bez OBS:/)).not.toBeInTheDocument();
      expect(within(section).getByText('rtmp://localhost:1935/live')).toBeInTheDocument();
    });

    it('gives it to an Ultra account with the Beta badge', async () => {
      await renderSection({ current: mine(), beta: inBeta, plan: 'ultra' });
      const section = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      expect(await within(section).findByText('Beta')).toBeInTheDocument();
      expect(within(section).getByRole('button', { name: 'Nadaj z kamery' })).toBeInTheDocument();
      expect(within(section).queryByText(/w wersji beta/)).not.toBeInTheDocument();
    });

    it('gives it to everyone, with no badge, when nothing is in beta', async () => {
      await renderSection({ current: mine() });
      const section = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      expect(await within(section).findByRole('button', { name: 'Nadaj z kamery' })).toBeInTheDocument();
      expect(within(section).queryByText('Beta')).not.toBeInTheDocument();
      // The help the assistant answers "can I go live from the browser?" with (one source).
      expect(within(section).getByText('Bez OBS: naciśnij „Nadaj z kamery” i pozwól przeglądarce użyć kamery i mikrofonu. Swój miks z PRO DJ MIXER nadasz przyciskiem „Nadaj miks na żywo” w mikserze.')).toBeInTheDocument();
    });
  });

  describe('going live from the browser', () => {
    const ingest = ws.link('ws://localhost/api/v1/stream/ingest');
    const camera = { getTracks: () => [] } as unknown as MediaStream;

    beforeEach(() => {
      answer('post', '/realtime/ticket', { ticket: 'grt_single-use', expiresAt: '2026-11-25T12:01:00.000Z', expiresIn: 60 });
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => Promise.resolve(camera) } });
      (globalThis as { MediaRecorder?: unknown }).MediaRecorder = class {
        static isTypeSupported = () => true;
        state = 'inactive';
        ondataavailable = null;
        start() {
          this.state = 'recording';
        }
        stop() {
          this.state = 'inactive';
        }
      };
    });
    afterEach(() => {
      delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    });

    it.each([
      [1013, 'The server has no free live slot now; try again in a few minutes', 'Wszystkie miejsca na transmisje są teraz zajęte. Spróbuj za kilka minut.'],
      [4409, 'This stream already receives video', 'Ten stream już odbiera obraz z innego źródła albo już się zakończył.'],
      [4404, 'No such stream', 'Tego streamu już nie ma. Rozpocznij nowy.'],
      [4401, 'Sign in to go live', 'Twoja sesja wygasła. Zaloguj się ponownie i spróbuj jeszcze raz.'],
      [4429, 'Too many connections to publish this stream; try again in 42 s', 'Zbyt wiele prób połączenia w krótkim czasie. Spróbuj ponownie za minutę.'],
      [1001, 'Server restarting', 'Połączenie z serwerem zostało przerwane. Spróbuj ponownie.'],
    ])('says in Polish why the server closed the connection (%i), never its English reason', async (code, reason, message) => {
      let query = '';
      apiServer.use(
        ingest.addEventListener('connection', ({ client }) => {
          query = client.url.search;
          // As the server does: the connection is taken, then closed with the refusal.
          setTimeout(() => client.close(code, reason), 10);
        }),
      );
      await renderSection({ current: { stream: streamDto({ status: 'ready', isLive: false, userId: me.id }), ingestUrl: 'rtmp://localhost:1935/live' } });
      const mine = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      await userEvent.click(within(mine).getByRole('button', { name: 'Nadaj z kamery' }));
      expect(await within(mine).findByRole('alert')).toHaveTextContent(message);
      expect(query).toContain('id=7d1c2b3a-0000-4000-8000-000000000001');
      expect(screen.queryByText(new RegExp(reason))).toBeNull();
      expect(within(mine).getByRole('button', { name: 'Nadaj z kamery' })).toBeEnabled();
    });

    it('connects with a single-use ticket asked for just before, never with the access token; an expired token is refreshed by that call', async () => {
      let token: string | null = null;
      apiServer.use(
        ingest.addEventListener('connection', ({ client }) => {
          token = client.url.searchParams.get('token');
          setTimeout(() => client.close(1013, 'full'), 10);
        }),
      );
      await renderSection({ current: { stream: streamDto({ status: 'ready', isLive: false, userId: me.id }), ingestUrl: 'rtmp://localhost:1935/live' } });
      const renewed = sessionDto(900, me);
      const refreshes = answer('post', '/auth/token', renewed);
      const tickets = answer('post', '/realtime/ticket', apiError(401), { ticket: 'grt_single-use', expiresAt: '2026-11-25T12:01:00.000Z', expiresIn: 60 });
      const mine = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      await userEvent.click(within(mine).getByRole('button', { name: 'Nadaj z kamery' }));
      expect(await within(mine).findByRole('alert')).toHaveTextContent('Wszystkie miejsca na transmisje są teraz zajęte.');
      expect(refreshes).toHaveLength(1);
      expect(tickets.map((t) => t.authorization)).toEqual([expect.stringMatching(/^Bearer /), `Bearer ${renewed.access_token}`]);
      expect(token).toBe('grt_single-use');
    });

    it('says the server cannot be reached when no ticket can be had', async () => {
      const connections: unknown[] = [];
      apiServer.use(ingest.addEventListener('connection', (c) => connections.push(c)));
      await renderSection({ current: { stream: streamDto({ status: 'ready', isLive: false, userId: me.id }), ingestUrl: 'rtmp://localhost:1935/live' } });
      answer('post', '/realtime/ticket', apiError(503));
      const mine = (await screen.findByText('Twój stream')).closest('section') as HTMLElement;
      await userEvent.click(within(mine).getByRole('button', { name: 'Nadaj z kamery' }));
      expect(await within(mine).findByRole('alert')).toHaveTextContent('Nie udało się połączyć z serwerem transmisji.');
      expect(connections).toHaveLength(0);
      expect(within(mine).getByRole('button', { name: 'Nadaj z kamery' })).toBeEnabled();
    });
  });
});
