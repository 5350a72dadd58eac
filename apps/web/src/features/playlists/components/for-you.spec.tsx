import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, recordRequests, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { SessionManager } from '../../auth';
import { ForYou } from './for-you';

setupApiServer();

beforeEach(() => localStorage.clear());

const station = (id: string, name: string) => ({ id, name }) as never;
const stations = [station('punk-a', 'Punk A'), station('punk-b', 'Punk B')];
const entitlements = (plan: 'basic' | 'premium') => ({ plan, source: plan === 'basic' ? 'default' : 'grant', limits: PLAN_LIMITS_FIXTURE[plan], subscription: null, trialAvailable: true });

async function renderForYou(plan: 'basic' | 'premium' | null, onPlay = jest.fn()) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  if (plan) {
    answer('post', '/auth/token', sessionDto(900, userDto()));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
    answer('get', '/me/entitlements', entitlements(plan));
  }
  renderRoutes([{ path: '/radio', element: <ForYou stations={stations} onPlay={onPlay} /> }], '/radio', { auth });
  return onPlay;
}

describe('"Dla Ciebie"', () => {
  it('shows Basic what Premium gives, with the way there, and asks for no recommendations', async () => {
    const requests = recordRequests();
    await renderForYou('basic');
    expect(await screen.findByText(/Rekomendacje dobrane do Twoich polubień/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przejdź na Premium' })).toHaveAttribute('href', '/subscription');
    expect(requests.filter((r) => r.includes('/me/recommendations'))).toEqual([]);
  });

  it('shows the teaser signed out too', async () => {
    await renderForYou(null);
    expect(await screen.findByRole('link', { name: 'Przejdź na Premium' })).toBeInTheDocument();
  });

  it('lists Premium’s recommended tracks with the stations that play them, playable', async () => {
    answer('get', '/me/recommendations', {
      seedArtists: ['Dezerter'],
      tracks: [{ id: 't1', artist: 'Armia', title: 'Niewidzialna armia', album: null, duration: null, genre: 'punk', playCount: 3, lastPlayedAt: '2026-11-01T10:00:00.000Z', stationIds: ['punk-b', 'gone'] }],
    });
    const onPlay = await renderForYou('premium');
    expect(await screen.findByText('Armia — Niewidzialna armia')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Słuchaj na Punk B' }));
    await waitFor(() => expect(onPlay).toHaveBeenCalledWith(expect.objectContaining({ id: 'punk-b' })));
    expect(screen.queryByRole('link', { name: 'Przejdź na Premium' })).toBeNull();
  });

  it('says what gives recommendations while there is nothing to go on', async () => {
    answer('get', '/me/recommendations', { seedArtists: [], tracks: [] });
    await renderForYou('premium');
    expect(await screen.findByText(/Polub stacje albo dodaj utwory do playlist/)).toBeInTheDocument();
  });
});
