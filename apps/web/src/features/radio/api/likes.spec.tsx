import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { Providers } from '../../../app/providers';
import { answer, setApiSession, setupApiServer } from '../../../testing/api-server';
import { sessionDto } from '../../../testing/auth-fixtures';
import { SessionManager, useAuth } from '../../auth';
import { useLikes } from '../hooks';
import { useLikedStations } from './likes';
import { useWeeklyTop } from './weekly-top';

setupApiServer();

/** The week's top with `alpha` first on `likes` likes (the station trimmed to what the hook reads). */
const top = (likes: number) => ({
  weekStart: '2026-11-23',
  weekEnd: '2026-11-29',
  periodEndsAt: '2026-11-29T23:00:00.000Z',
  featured: null,
  stations: [{ rank: 1, totalLikes: likes, isFeatured: false, station: { id: 'alpha', name: 'Alpha' } }],
});

async function signedIn() {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto());
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  setApiSession(auth);
  return auth;
}

describe('a like', () => {
  it('updates the station, the favourites and the weekly top from one PUT', async () => {
    const auth = await signedIn();
    answer('get', '/radio/alpha/likes', { count: 4, likedByMe: false });
    answer('get', '/radio/liked', { stationIds: ['beta'] });
    const tops = answer('get', '/radio/top-weekly', top(4), top(5));
    const likes = answer('put', '/radio/alpha/like', { count: 5, likedByMe: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers store={createStore()} auth={auth}>
        {children}
      </Providers>
    );
    const { result } = renderHook(
      () => ({ likes: useLikes('alpha'), favourites: useLikedStations(useAuth().user?.id ?? null), top: useWeeklyTop().data }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.likes.state).toEqual({ count: 4, likedByMe: false }));
    await waitFor(() => expect(result.current.favourites).toEqual(['beta']));
    await waitFor(() => expect(result.current.top?.stations[0].totalLikes).toBe(4));

    await act(() => result.current.likes.toggle());

    expect(likes).toEqual([expect.objectContaining({ method: 'PUT', authorization: expect.stringMatching(/^Bearer access-/) })]);
    expect(result.current.likes.state).toEqual({ count: 5, likedByMe: true });
    expect(result.current.favourites).toEqual(['beta', 'alpha']);
    await waitFor(() => expect(result.current.top?.stations[0].totalLikes).toBe(5));
    expect(tops).toHaveLength(2);
  });
});
