import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiError, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { installFakeCaches, type FakeCacheStorage } from '../../../testing/fake-cache-storage';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';
import { renderApp } from '../../../testing/render-app';
import { SessionManager } from '../../auth';
import { OFFLINE_CACHE } from '../offline-keys';
import { keepOffline } from '../offline-store';
import { OfflinePanel } from './offline-panel';
import { RecordingOffline } from './recording-offline';
import { RecordingsOffline } from './recordings-offline';
import { StudioTrackOffline } from './studio-track-offline';

setupApiServer();

const owner = userDto().id;
const track = { id: '0b6f1f0e-1111-4c3b-9d6e-5a2f3c4d5e6f', title: 'Nocna jazda' };
const entitlements = (plan: 'basic' | 'premium') => ({ plan, source: plan === 'basic' ? 'default' : 'grant', limits: PLAN_LIMITS_FIXTURE[plan], subscription: null, trialAvailable: true });

let storage: FakeCacheStorage;
const worker = { register: jest.fn(async () => ({})), ready: Promise.resolve({}), controller: null, getRegistration: jest.fn(async () => undefined), addEventListener: jest.fn(), removeEventListener: jest.fn() };
const persist = jest.fn(async () => true);

beforeEach(() => {
  localStorage.clear();
  storage = installFakeCaches();
  jest.clearAllMocks();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  Object.defineProperty(navigator, 'storage', {
    value: { estimate: async () => ({ usage: 3_000_000, quota: 1_000_000_000 }), persisted: async () => false, persist },
    configurable: true,
  });
});

async function signIn(plan: 'basic' | 'premium') {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto(900, userDto()));
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  answer('get', '/me/entitlements', entitlements(plan));
  return auth;
}

const kept = async () => [...((await storage.open(OFFLINE_CACHE)).entries.keys())].map((url) => new URL(url).pathname);

describe('"Zachowaj offline" on a studio track', () => {
  it('shows Basic the plans that have it, with the way there, and asks the server for nothing', async () => {
    const offline = answer('get', '/studio/tracks/:id/offline', apiError(403, { code: 'premium_required' }));
    renderApp(<StudioTrackOffline userId={owner} track={track} />, '/studio', { auth: await signIn('basic') });
    expect(await screen.findByRole('link', { name: 'Wybierz plan' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByText('Słuchanie offline jest w planach Premium i Ultra.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zachowaj offline' })).toBeNull();
    expect(offline).toEqual([]);
  });

  it('keeps a Premium track from the offline route, shows "dostępne offline", registers the worker and asks to persist; removes it again', async () => {
    const mp3 = new Uint8Array([0xff, 0xfb, 1, 2, 3, 4]);
    const offline = answer('get', '/studio/tracks/:id/offline', () => new HttpResponse(mp3, { headers: { 'Content-Type': 'audio/mpeg' } }));
    renderApp(<StudioTrackOffline userId={owner} track={track} />, '/studio', { auth: await signIn('premium') });

    await userEvent.click(await screen.findByRole('button', { name: 'Zachowaj offline' }));
    expect(await screen.findByText('dostępne offline')).toBeInTheDocument();
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ url: `/api/v1/studio/tracks/${track.id}/offline`, authorization: expect.stringMatching(/^Bearer /) });
    expect(await kept()).toEqual([`/offline-media/studio/${track.id}`]);
    const body = await (await storage.open(OFFLINE_CACHE)).match(`/offline-media/studio/${track.id}`);
    expect(new Uint8Array(await body!.arrayBuffer())).toEqual(mp3);
    expect(worker.register).toHaveBeenCalledWith('/offline-worker.js', { scope: '/' });
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Zachowano offline: Nocna jazda')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Usuń z offline' }));
    expect(await screen.findByRole('button', { name: 'Zachowaj offline' })).toBeInTheDocument();
    expect(await kept()).toEqual([]);
    expect(screen.queryByText('dostępne offline')).toBeNull();
  });

  it('keeps nothing when the server refuses (the plan changed) or the browser has no room, and says which', async () => {
    answer('get', '/studio/tracks/:id/offline', apiError(403, { code: 'premium_required' }), () => new HttpResponse(new Uint8Array([1]), { headers: { 'Content-Type': 'audio/mpeg' } }));
    renderApp(<StudioTrackOffline userId={owner} track={track} />, '/studio', { auth: await signIn('premium') });
    await userEvent.click(await screen.findByRole('button', { name: 'Zachowaj offline' }));
    expect(await screen.findByText('Nie udało się zachować offline. Spróbuj ponownie.')).toBeInTheDocument();
    expect(await kept()).toEqual([]);

    (await storage.open(OFFLINE_CACHE)).full = true;
    await userEvent.click(screen.getByRole('button', { name: 'Zachowaj offline' }));
    expect(await screen.findByText('W przeglądarce brakuje miejsca, by zachować to offline.')).toBeInTheDocument();
    expect(await kept()).toEqual([]);
    expect(screen.queryByText('dostępne offline')).toBeNull();
  });
});

describe('a radio recording kept offline', () => {
  const recording = { id: 'rec-1', fileName: 'Radio 357 2026-11-27 20-00.webm' };
  const load = async () => new Blob(['webm-bytes'], { type: 'audio/webm' });

  it('keeps a finished recording’s file on a paid plan, with its state and the storage figure under the list', async () => {
    renderApp(
      <>
        <RecordingOffline recording={recording} load={load} />
        <RecordingsOffline />
      </>,
      '/radio',
      { auth: await signIn('premium') },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Zachowaj offline' }));
    expect(await screen.findByText('dostępne offline')).toBeInTheDocument();
    const body = await (await storage.open(OFFLINE_CACHE)).match('/offline-media/recording/rec-1');
    expect(body?.headers.get('content-type')).toBe('audio/webm');
    expect(await body!.text()).toBe('webm-bytes');
    expect(await screen.findByText(/^Miejsce offline: zajęte/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wybierz plan' })).toBeNull();
  });

  it('shows Basic (and a visitor) the way to a plan once under the list, not on each recording', async () => {
    renderApp(
      <>
        <RecordingOffline recording={recording} load={load} />
        <RecordingOffline recording={{ ...recording, id: 'rec-2' }} load={load} />
        <RecordingsOffline />
      </>,
      '/radio',
      { auth: await signIn('basic') },
    );
    expect(await screen.findAllByRole('link', { name: 'Wybierz plan' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Zachowaj offline' })).toBeNull();
  });
});

describe('/profile’s offline listening', () => {
  it('lists what the account keeps, playable from the cache, with the storage used and free', async () => {
    await keepOffline({ kind: 'studio', id: track.id, title: 'Nocna jazda', owner }, new Blob([new Uint8Array(2_400_000)], { type: 'audio/mpeg' }));
    await keepOffline({ kind: 'studio', id: 'someone-elses', title: 'Cudzy', owner: 'another-account' }, new Blob([new Uint8Array(1)]));
    renderApp(<OfflinePanel />, '/profile', { auth: await signIn('premium') });

    const item = await screen.findByTestId('offline-item');
    expect(within(item).getByText('Nocna jazda')).toBeInTheDocument();
    expect(within(item).getByText('dostępne offline')).toBeInTheDocument();
    expect(within(item).getByText('Utwór ze studia · 2,4 MB')).toBeInTheDocument();
    expect(within(item).getByLabelText('Odtwórz Nocna jazda')).toHaveAttribute('src', `/offline-media/studio/${track.id}`);
    expect(screen.getAllByTestId('offline-item')).toHaveLength(1);
    expect(await screen.findByText('Miejsce offline: zajęte 3 MB, wolne 997 MB')).toBeInTheDocument();
    // What is kept is served by the worker: it is registered for it on load.
    await waitFor(() => expect(worker.register).toHaveBeenCalledWith('/offline-worker.js', { scope: '/' }));
  });

  it('removes what was kept, with a notice, once the plan no longer allows offline; others’ files stay', async () => {
    await keepOffline({ kind: 'studio', id: track.id, title: 'Nocna jazda', owner }, new Blob([new Uint8Array(10)], { type: 'audio/mpeg' }));
    await keepOffline({ kind: 'studio', id: 'someone-elses', title: 'Cudzy', owner: 'another-account' }, new Blob([new Uint8Array(1)]));
    renderApp(<OfflinePanel />, '/profile', { auth: await signIn('basic') });

    expect(await screen.findByText('Twój plan nie obejmuje już słuchania offline: usunięto 1 zachowany utwór.')).toBeInTheDocument();
    expect(await kept()).toEqual(['/offline-media/studio/someone-elses']);
    expect(screen.getByRole('link', { name: 'Wybierz plan' })).toHaveAttribute('href', '/subscription');
    expect(worker.register).not.toHaveBeenCalled();
  });

  it('says so when nothing is kept yet', async () => {
    renderApp(<OfflinePanel />, '/profile', { auth: await signIn('premium') });
    expect(await screen.findByText(/Nic nie jest jeszcze zachowane offline/)).toBeInTheDocument();
    expect(worker.register).not.toHaveBeenCalled();
  });
});
