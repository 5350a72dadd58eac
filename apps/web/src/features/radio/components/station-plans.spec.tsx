import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiServer, apiUrl, get, http, realtime, recordRequests, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { stationDto } from '../../../testing/station-fixtures';
import { SessionManager } from '../../auth';
import type { StationDto } from '../api/stations';
import { RadioControllerProvider } from '../radio-context';
import { LibraryPanel } from './library-panel';
import { StationGrid } from './station-grid';
import { StreamBitrate } from './stream-bitrate';

setupApiServer(realtime.addEventListener('connection', () => undefined));

beforeEach(() => localStorage.clear());

type Plan = 'basic' | 'premium' | 'ultra';

const station = (id: string, over: Partial<StationDto> = {}) =>
  stationDto(id, { name: `Stacja ${id}`, country: { code: 'us', name: 'USA', flag: '🇺🇸' }, genre: 'jazz', genres: ['jazz'], bitrate: 128, ...over });

const entitlements = (plan: Plan) => ({ plan, source: plan === 'basic' ? 'default' : 'grant', limits: PLAN_LIMITS_FIXTURE[plan], subscription: null, trialAvailable: true });
const billingPlans = (defaultPlan: Plan) => ({
  onlinePayment: false,
  trialDays: 30,
  defaultPlan,
  plans: (['basic', 'premium', 'ultra'] as const).map((plan) => ({ plan, priceUsd: { basic: 0, premium: 5, ultra: 10 }[plan], limits: PLAN_LIMITS_FIXTURE[plan] })),
});

/** Signed in on `plan`, or signed out (null) on an installation whose default plan is `defaultPlan`. */
async function signIn(plan: Plan | null, defaultPlan: Plan = 'basic') {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  const plans = answer('get', '/billing/plans', billingPlans(defaultPlan));
  const pass = answer('put', '/radio/pass', () => new Response(null, { status: 204 }));
  const asked = answer('get', '/me/entitlements', entitlements(plan ?? defaultPlan));
  if (plan) {
    answer('post', '/auth/token', sessionDto(900, userDto()));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
  }
  /** Resolves once the listener's plan has been read (and React had a moment to show it). */
  const planKnown = async () => {
    await waitFor(() => expect(plan ? asked : plans).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { auth, pass, planKnown };
}

const STATIONS = [station('open'), station('vip', { plan: 'premium' })];

async function renderGrid(plan: Plan | null, defaultPlan: Plan = 'basic') {
  const session = await signIn(plan, defaultPlan);
  apiServer.use(get('/radio/stations', STATIONS), http.get(apiUrl('/radio/:id/nowplaying'), () => new Promise(() => undefined)));
  const element = (
    <RadioControllerProvider>
      <StationGrid />
    </RadioControllerProvider>
  );
  renderRoutes([{ path: '/radio', element }], '/radio', { auth: session.auth });
  return { grid: within(await screen.findByTestId('station-grid')), ...session };
}

const LOCKED_VIP = 'Stacja vip – wymaga Premium. Zobacz plany';

describe('premium stations on the station cards', () => {
  it('shows Basic a premium station locked, with "Premium" and the way to /subscription instead of playing it', async () => {
    const { grid } = await renderGrid('basic');
    const locked = await grid.findByRole('link', { name: LOCKED_VIP });
    expect(locked).toHaveAttribute('href', '/subscription');
    expect(within(locked).getByTestId('station-lock')).toHaveTextContent('Premium');
    expect(grid.queryByRole('button', { name: 'Słuchaj: Stacja vip' })).toBeNull();
    // The basic station plays as before, with no lock.
    expect(within(grid.getByRole('button', { name: 'Słuchaj: Stacja open' })).queryByTestId('station-lock')).toBeNull();
    // Keyboard: the locked card is a link, reached with Tab like the cards around it.
    await userEvent.tab();
    expect(grid.getByRole('button', { name: 'Słuchaj: Stacja open' })).toHaveFocus();
    await userEvent.tab();
    expect(locked).toHaveFocus();
  });

  it('shows signed-out listeners the lock on an installation whose default plan is Basic', async () => {
    const { grid } = await renderGrid(null);
    expect(await grid.findByRole('link', { name: LOCKED_VIP })).toBeInTheDocument();
  });

  it('opens every station to signed-out listeners where the default plan is Premium', async () => {
    const { grid, planKnown, pass } = await renderGrid(null, 'premium');
    await planKnown();
    expect(grid.getByRole('button', { name: 'Słuchaj: Stacja vip' })).toBeInTheDocument();
    expect(grid.queryByTestId('station-lock')).toBeNull();
    expect(pass).toEqual([]);
  });

  it('lets Premium play every station, and gives the relay this browser’s pass', async () => {
    const { grid, planKnown, pass } = await renderGrid('premium');
    await planKnown();
    expect(grid.getByRole('button', { name: 'Słuchaj: Stacja vip' })).toBeInTheDocument();
    expect(grid.queryByTestId('station-lock')).toBeNull();
    await waitFor(() => expect(pass).toHaveLength(1));
    expect(pass[0].authorization).toMatch(/^Bearer /);
  });
});

describe('premium stations in the library', () => {
  it('lists a locked station as the way to the plans, with the lock and "Premium", for Basic', async () => {
    const session = await signIn('basic');
    apiServer.use(get('/radio/stations', STATIONS), get('/radio/liked', { stationIds: [] }));
    const element = (
      <RadioControllerProvider>
        <LibraryPanel />
      </RadioControllerProvider>
    );
    renderRoutes([{ path: '/radio', element }], '/radio', { auth: session.auth });
    const library = within(await screen.findByTestId('library-panel'));
    const locked = await library.findByRole('link', { name: LOCKED_VIP });
    expect(locked).toHaveAttribute('href', '/subscription');
    expect(locked).toHaveTextContent('Stacja vipPremium');
    expect(library.getByRole('button', { name: 'Stacja open' })).toBeInTheDocument();
  });
});

describe('the bitrate in the player', () => {
  const hq = station('hq', { bitrate: 128, hasHighQuality: true, highQualityBitrate: 320 });

  async function renderBitrate(plan: Plan | null, shown: StationDto | null, active = true) {
    const { auth, planKnown } = await signIn(plan);
    renderRoutes([{ path: '/radio', element: <StreamBitrate station={shown} active={active} /> }], '/radio', { auth });
    if (shown?.hasHighQuality || shown?.hasLossless) await planKnown();
  }

  it('shows Premium the 320 kbps stream of a station that has one', async () => {
    await renderBitrate('premium', hq);
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('320 kbps');
    expect(screen.getByTestId('stream-bitrate')).toHaveAttribute('title', 'Jakość dźwięku: 320 kbps');
  });

  it('gives Ultra the same where the station lists no lossless stream', async () => {
    await renderBitrate('ultra', hq);
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('320 kbps');
  });

  it('shows Ultra the lossless stream of a station that has one', async () => {
    const lossless = { ...hq, hasLossless: true };
    await renderBitrate('ultra', lossless);
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent(/^FLAC$/);
    expect(screen.getByTestId('stream-bitrate')).toHaveAttribute('title', 'Jakość dźwięku: bezstratna (FLAC)');
  });

  it('shows Premium the 320 kbps stream of a station with a lossless one too', async () => {
    await renderBitrate('premium', { ...hq, hasLossless: true });
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('320 kbps');
  });

  it('shows Premium the standard stream of a station whose only better stream is lossless', async () => {
    await renderBitrate('premium', station('flac-only', { bitrate: 128, hasLossless: true }));
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('128 kbps');
  });

  it('shows Basic the standard stream', async () => {
    await renderBitrate('basic', hq);
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('128 kbps');
  });

  it('shows the standard stream to signed-out listeners', async () => {
    await renderBitrate(null, hq);
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('128 kbps');
  });

  it('claims nothing while stopped', async () => {
    await renderBitrate('premium', hq, false);
    expect(screen.queryByTestId('stream-bitrate')).toBeNull();
  });

  it('shows the one stream of a station without hq on every plan, without asking for the plan', async () => {
    const requests = recordRequests();
    await renderBitrate('basic', station('plain', { bitrate: 192 }));
    expect(screen.getByTestId('stream-bitrate')).toHaveTextContent('192 kbps');
    expect(requests.filter((r) => r.includes('/me/entitlements') || r.includes('/billing/plans'))).toEqual([]);
  });

  it('claims nothing for a station whose bitrate is unknown', async () => {
    await renderBitrate('premium', station('plain', { bitrate: null }));
    expect(screen.queryByTestId('stream-bitrate')).toBeNull();
  });
});
