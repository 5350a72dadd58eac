import { act, screen, waitFor } from '@testing-library/react';
import type { StationDto } from '@grouarock/api-client';
import { answer, apiServer, apiUrl, get, http, realtime, setupApiServer } from '../testing/api-server';
import { renderApp } from '../testing/render-app';
import FeaturedRadio from '../features/radio/components/featured-radio';
import LiveSection from '../features/live/components/live-section';
import { useCurrentNowPlaying } from '../features/radio/hooks';

/** What the player would show of the current station's now-playing. */
function NowPlaying() {
  const nowPlaying = useCurrentNowPlaying();
  return nowPlaying ? <p>{`${nowPlaying.artist} – ${nowPlaying.title}`}</p> : null;
}

setupApiServer();

const station: StationDto = {
  id: 'rock',
  name: 'Stacja Rock',
  country: { code: 'pl', name: 'Polska', flag: '🇵🇱' },
  genre: 'rock',
  genres: ['rock'],
  streamUrl: '/api/v1/radio/rock/stream',
  nowPlaying: null,
  description: null,
  gradient: 'linear-gradient(#000, #111)',
  logoUrl: null,
  featured: true,
  listeners: 0,
  homepage: null,
  sourceUrl: 'http://example.test/stream',
  codec: 'mp3',
  program: null,
  bitrate: null,
  hasHighQuality: false,
  highQualityBitrate: null,
  hasLossless: false,
  plan: 'basic',
};

beforeEach(() => localStorage.clear());

describe('the tab’s realtime connection', () => {
  it('is one socket for the home page’s radio and live sections, each getting its own channel', async () => {
    const connections: string[] = [];
    const frames: unknown[] = [];
    let push: (message: object) => void = () => undefined;
    apiServer.use(
      realtime.addEventListener('connection', ({ client }) => {
        connections.push(client.url.toString());
        client.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
        push = (message) => client.send(JSON.stringify(message));
      }),
      get('/radio/stations', [station]),
      http.get(apiUrl('/radio/:id/nowplaying'), () => new Promise(() => undefined)),
    );
    const lists = answer('get', '/stream/list', { live: [], replays: [] });
    renderApp(
      <>
        <FeaturedRadio />
        <LiveSection />
        <NowPlaying />
      </>,
    );

    await waitFor(() =>
      expect(frames).toEqual(
        expect.arrayContaining([
          { action: 'subscribe', channel: 'global.events' },
          { action: 'subscribe', channel: 'station.rock' },
        ]),
      ),
    );
    expect(connections).toHaveLength(1);

    // Both sections hear their own channel over it: the live list reloads, the station's now-playing changes.
    const before = lists.length;
    await act(async () => push({ type: 'stream_ended', channel: 'global.events', data: { id: 's1', title: 'x' } }));
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    await act(async () => push({ type: 'now_playing', channel: 'station.rock', data: { artist: 'Kasia', title: 'Nocna jazda', program: null, source: 'upstream', updatedAt: '2026-11-24T12:00:00.000Z' } }));
    expect(await screen.findByText('Kasia – Nocna jazda')).toBeInTheDocument();
    expect(connections).toHaveLength(1);
  });
});
