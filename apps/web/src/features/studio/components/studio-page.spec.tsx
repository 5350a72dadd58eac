import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatusResultDto, TrackDto, UsageDto } from '@grouarock/api-client';
import { answer, apiError, apiServer, http, HttpResponse, realtime, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { AuthDialogHost, SessionManager } from '../../auth';
import StudioPage from './studio-page';

setupApiServer();

const me = userDto();
const usage: UsageDto = { plan: 'basic', limit: 1, used: 0, remaining: 1, premiumTools: false, longTracks: false };
const track: TrackDto = {
  id: '5b1c2b3a-0000-4000-8000-000000000001',
  title: 'Nocna jazda',
  artist: 'AI Generated',
  duration: 30,
  tags: 'punk rock, 180 bpm, E minor',
  audio_url: 'http://localhost/api/v1/studio/tracks/5b1c2b3a-0000-4000-8000-000000000001/audio',
  image_url: 'http://localhost/api/v1/studio/tracks/5b1c2b3a-0000-4000-8000-000000000001/cover',
  expires_at: new Date(Date.now() + 3600_000).toISOString(),
  genre: 'punk-rock',
  prompt: 'szybki punk',
  tool: 'suno',
  engine: 'builtin',
  created_at: '2026-11-25T12:00:00.000Z',
};
const running: StatusResultDto = { completed: false, status: 'running', tracks: [], error: null, notice: null };
const done: StatusResultDto = { completed: true, status: 'succeeded', tracks: [track], error: null, notice: null };

/** The page for a signed-in member, with a realtime socket the test can push on; returns the status requests. */
async function renderStudio(...statuses: (StatusResultDto | Response)[]) {
  let push: (message: object) => void = () => undefined;
  apiServer.use(
    realtime.addEventListener('connection', ({ client }) => (push = (message) => client.send(JSON.stringify(message)))),
    // The preview's waveform reads the audio (jsdom cannot decode it, which the player survives).
    http.get(track.audio_url, () => new HttpResponse(new Uint8Array(16))),
  );
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto(3600, me));
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  answer('get', '/studio/usage', usage);
  // The generation's track plays on with the library's fresher links (a test that looks at the library answers its own).
  answer('get', '/studio/tracks', { tracks: [] });
  // The library's "Zachowaj offline" (features/offline) reads the plan.
  answer('get', '/me/entitlements', { plan: 'basic', source: 'default', limits: PLAN_LIMITS_FIXTURE.basic, subscription: null, trialAvailable: true });
  answer('get', '/studio/provider-health', { engine: 'builtin', generator: 'x', generatorVersion: 1, configured: false, kind: null, reachable: null, latencyMs: null, circuit: 'closed', openUntil: null, error: null });
  const generates = answer('post', '/studio/generate', { task_ids: ['task-1'], engine: 'builtin', notice: null, error: null });
  const checks = answer('post', '/studio/status', ...statuses);
  renderRoutes([{ path: '/', element: <><StudioPage /><AuthDialogHost /></> }], '/', { auth });
  return { push: (message: object) => push(message), generates, checks };
}

async function startGenerating() {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await user.type(await screen.findByLabelText('Opis utworu'), 'szybki punk');
  await user.click(screen.getByRole('button', { name: 'Generuj muzykę' }));
  expect(await screen.findByText('Rozpoczynam generowanie muzyki...')).toBeInTheDocument();
}

const advance = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('the studio page', () => {
  it('asks for the status first after 10 s, then every 5 s, and shows the track when it is done', async () => {
    const { generates, checks } = await renderStudio(running, running, done);
    await startGenerating();
    expect(generates[0].body).toEqual({ prompt: 'szybki punk', genre: 'hard-rock', length: '30s', provider: 'suno' });
    expect(screen.getByRole('progressbar', { name: 'Postęp generowania' })).toBeInTheDocument();
    await advance(9_900);
    expect(checks).toHaveLength(0);
    await advance(100);
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0].body).toEqual({ task_ids: ['task-1'] });
    await advance(5_000);
    await waitFor(() => expect(checks).toHaveLength(2));
    await advance(5_000);
    await waitFor(() => expect(checks).toHaveLength(3));
    expect(await screen.findByText('Utwór został wygenerowany!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odtwórz „Nocna jazda”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generuj muzykę' })).toBeEnabled();
  });

  it('checks at once when the user’s channel says the track is ready', async () => {
    const { push, checks } = await renderStudio(done);
    await startGenerating();
    await advance(1_000);
    await act(async () => push({ type: 'track_ready', channel: `user.${me.id}`, data: { task_id: 'task-1', tracks: [track] } }));
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(await screen.findByText('Utwór został wygenerowany!')).toBeInTheDocument();
  });

  it('gives up after 60 checks with the spec’s timeout', async () => {
    const { checks } = await renderStudio(running);
    await startGenerating();
    await advance(10_000 + 58 * 5_000);
    await waitFor(() => expect(checks).toHaveLength(59));
    expect(screen.queryByText('Przekroczono czas oczekiwania na wygenerowanie muzyki')).not.toBeInTheDocument();
    await advance(5_000);
    expect(await screen.findByText('Przekroczono czas oczekiwania na wygenerowanie muzyki')).toBeInTheDocument();
    await advance(60_000);
    expect(checks).toHaveLength(60);
  });

  it('asks again at the next interval when a check does not get through', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { checks } = await renderStudio(apiError(503), done);
    await startGenerating();
    await advance(10_000);
    await waitFor(() => expect(checks).toHaveLength(1));
    await advance(5_000);
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(await screen.findByText('Utwór został wygenerowany!')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Checking the generation failed', expect.anything());
    warn.mockRestore();
  });

  it('says a failed generation failed, and a refusal by the provider in its own words', async () => {
    const { checks } = await renderStudio({ completed: true, status: 'failed', tracks: [], error: { code: 'content_refused', message: 'sensitive' }, notice: null });
    await startGenerating();
    await advance(10_000);
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(await screen.findByText('Dostawca odrzucił ten opis. Zmień słowa i spróbuj ponownie; ta próba nie liczy się do limitu.')).toBeInTheDocument();
  });

  it('an empty description is refused on the page; the daily limit is explained', async () => {
    await renderStudio(done);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(await screen.findByRole('button', { name: 'Generuj muzykę' }));
    expect(await screen.findByText('Wprowadź opis utworu')).toBeInTheDocument();
    answer('post', '/studio/generate', apiError(429, { code: 'daily_limit', message: 'used' }));
    await user.type(screen.getByLabelText('Opis utworu'), 'drugi');
    await user.click(screen.getByRole('button', { name: 'Generuj muzykę' }));
    expect(await screen.findByText('Dzisiejszy limit generacji w Twoim planie został wykorzystany. Więcej jutro albo w wyższym planie.')).toBeInTheDocument();
  });

  it('renames a track in the library, refusing an empty name', async () => {
    await renderStudio(done);
    answer('get', '/studio/tracks', { tracks: [track] });
    const renames: unknown[] = [];
    apiServer.use(
      http.patch(`http://localhost/api/v1/studio/tracks/${track.id}`, async ({ request }) => {
        renames.push(await request.json());
        return HttpResponse.json({ ...track, title: 'Dzienna jazda' });
      }),
    );
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(await screen.findByRole('tab', { name: 'Moja biblioteka' }));
    await user.click(await screen.findByRole('button', { name: 'Zmień nazwę' }));
    const field = screen.getByLabelText('Nowa nazwa utworu');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Nocna jazda');
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeDisabled();
    answer('get', '/studio/tracks', { tracks: [{ ...track, title: 'Dzienna jazda' }] });
    await user.type(field, '  Dzienna jazda ');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zmieniono nazwę utworu')).toBeInTheDocument();
    expect(renames).toEqual([{ title: 'Dzienna jazda' }]);
    expect(await screen.findByRole('heading', { name: 'Dzienna jazda' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nowa nazwa utworu')).not.toBeInTheDocument();
  });

  it('a sample’s description and genre fill the form, which keeps what was typed across the tabs', async () => {
    const { generates } = await renderStudio(done);
    answer('get', '/studio/tracks', { tracks: [] });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.type(await screen.findByLabelText('Tytuł (opcjonalnie)'), 'Mój tytuł');
    await user.click(screen.getByRole('tab', { name: 'Moja biblioteka' }));
    await user.click((await screen.findAllByRole('button', { name: 'Użyj opisu' }))[0]);
    expect(screen.getByLabelText('Tytuł (opcjonalnie)')).toHaveValue('Mój tytuł');
    expect(screen.getByLabelText('Opis utworu')).toHaveValue('Szybki punk o nocnej jeździe przez miasto, ostre gitary, krzykliwy refren');
    await user.click(screen.getByRole('button', { name: 'Generuj muzykę' }));
    await waitFor(() => expect(generates).toHaveLength(1));
    expect(generates[0].body).toEqual({
      title: 'Mój tytuł',
      prompt: 'Szybki punk o nocnej jeździe przez miasto, ostre gitary, krzykliwy refren',
      genre: 'punk-rock',
      length: '30s',
      provider: 'suno',
    });
  });
});
