import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { Providers } from '../../../app/providers';
import { apiServer, apiUrl, http, HttpResponse, realtime, recordRequests, setupApiServer } from '../../../testing/api-server';
import { currentStationIdAtom, deckStateAtom } from '../atoms';
import { NOW_PLAYING_REFRESH_MS } from './now-playing';
import { useCurrentNowPlaying, useNowPlayingPush } from '../hooks';

/** Each station plays its own track; the realtime socket is accepted and pushes only what a test sends. */
setupApiServer(
  http.get(apiUrl('/radio/:id/nowplaying'), ({ params }) =>
    HttpResponse.json({ artist: `Band ${String(params.id)}`, title: 'Song', program: null, source: 'upstream', updatedAt: '2026-11-24T12:00:00.000Z' }),
  ),
);

function renderNowPlaying(playing = false) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Providers store={store}>{children}</Providers>;
  if (playing) store.set(deckStateAtom, 'playing');
  const view = renderHook(
    () => {
      useNowPlayingPush();
      return useCurrentNowPlaying();
    },
    { wrapper },
  );
  return { ...view, choose: (id: string) => act(() => store.set(currentStationIdAtom, id)) };
}

describe('now-playing of the current station', () => {
  it('is cleared on a switch and fetched once per station chosen, 100 ms later', async () => {
    apiServer.use(realtime.addEventListener('connection', () => undefined));
    const requests = recordRequests();
    const { result, choose } = renderNowPlaying();

    choose('alpha');
    await waitFor(() => expect(result.current?.artist).toBe('Band alpha'));
    choose('beta');
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current?.artist).toBe('Band beta'));

    expect(requests.filter((request) => request.includes('/nowplaying'))).toEqual(['GET /api/v1/radio/alpha/nowplaying', 'GET /api/v1/radio/beta/nowplaying']);
  });

  it('takes what the station channel pushes, with no further request', async () => {
    const subscribed: string[] = [];
    let push: (message: object) => void = () => undefined;
    apiServer.use(
      realtime.addEventListener('connection', ({ client }) => {
        push = (message) => client.send(JSON.stringify(message));
        client.addEventListener('message', (event) => subscribed.push(String(event.data)));
      }),
    );
    const requests = recordRequests();
    const { result, choose } = renderNowPlaying();

    choose('alpha');
    await waitFor(() => expect(result.current?.artist).toBe('Band alpha'));
    await waitFor(() => expect(subscribed).toContain(JSON.stringify({ action: 'subscribe', channel: 'station.alpha' })));
    push({ type: 'now_playing', channel: 'station.alpha', data: { artist: 'Pushed Band', title: 'Live', program: null, source: 'upstream', updatedAt: '2026-11-24T12:01:00.000Z' } });

    await waitFor(() => expect(result.current?.artist).toBe('Pushed Band'));
    expect(requests.filter((request) => request.includes('/nowplaying'))).toHaveLength(1);
  });

  it('is read again every 30 s while the station plays', async () => {
    apiServer.use(realtime.addEventListener('connection', () => undefined));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const requests = recordRequests();
      const { result, choose } = renderNowPlaying(true);
      choose('alpha');
      await act(async () => void (await jest.advanceTimersByTimeAsync(100)));
      await waitFor(() => expect(result.current?.artist).toBe('Band alpha'));
      await act(async () => void (await jest.advanceTimersByTimeAsync(NOW_PLAYING_REFRESH_MS * 2)));
      await waitFor(() => expect(requests.filter((request) => request.includes('/nowplaying'))).toHaveLength(3));
    } finally {
      jest.useRealTimers();
    }
  });
});
