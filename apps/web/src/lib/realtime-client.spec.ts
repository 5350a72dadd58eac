import { createFakeSocket, FakeSocket } from '../testing/fake-socket';
import { REALTIME_RECONNECT_MS, RealtimeClient, realtimeUrl } from './realtime-client';

describe('RealtimeClient', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => jest.useRealTimers());

  it('subscribes, delivers messages and resubscribes after reconnecting 1, 2, 5, 10 s later', () => {
    const messages: unknown[] = [];
    let token = 'a';
    const client = new RealtimeClient({
      url: () => `ws://x/api/v1/realtime?token=${token}`,
      onMessage: (m) => messages.push(m),
      createSocket: createFakeSocket,
    });
    client.connect();
    client.subscribe('station.rock');
    FakeSocket.all[0].open();
    expect(FakeSocket.all[0].sent).toEqual([JSON.stringify({ action: 'subscribe', channel: 'station.rock' })]);
    FakeSocket.all[0].onmessage?.({ data: JSON.stringify({ type: 'now_playing', channel: 'station.rock', data: { title: 'T' } }) });
    expect(messages).toEqual([{ type: 'now_playing', channel: 'station.rock', data: { title: 'T' } }]);

    token = 'b';
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = FakeSocket.all.length;
      FakeSocket.all[before - 1].drop();
      let waited = 0;
      while (FakeSocket.all.length === before) {
        jest.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([...REALTIME_RECONNECT_MS, 10_000]);
    const last = FakeSocket.all[FakeSocket.all.length - 1];
    expect(last.url).toContain('token=b');
    last.open();
    expect(last.sent).toEqual([JSON.stringify({ action: 'subscribe', channel: 'station.rock' })]);

    client.unsubscribe('station.rock');
    expect(last.sent[1]).toBe(JSON.stringify({ action: 'unsubscribe', channel: 'station.rock' }));
    client.close();
    last.drop();
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all[FakeSocket.all.length - 1]).toBe(last);
  });

  it('waits for a URL that takes a moment (a token refreshed first), and drops one that comes after a close or a reconnect', async () => {
    const pending: ((url: string) => void)[] = [];
    const client = new RealtimeClient({ url: () => new Promise<string>((resolve) => pending.push(resolve)), onMessage: () => undefined, createSocket: createFakeSocket });
    client.connect();
    expect(FakeSocket.all).toHaveLength(0);
    pending[0]('ws://x/api/v1/realtime?token=fresh');
    await Promise.resolve();
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual(['ws://x/api/v1/realtime?token=fresh']);

    // A reconnect begins another open: the first one's late URL is not used.
    client.reconnect();
    client.reconnect();
    pending[1]('ws://x/api/v1/realtime?token=stale');
    pending[2]('ws://x/api/v1/realtime?token=newest');
    await Promise.resolve();
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual(['ws://x/api/v1/realtime?token=fresh', 'ws://x/api/v1/realtime?token=newest']);

    // Closed while the URL was coming: no socket opens.
    client.reconnect();
    client.close();
    pending[3]('ws://x/api/v1/realtime?token=late');
    await Promise.resolve();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('tries again later when the URL cannot be made', async () => {
    let fail = true;
    const client = new RealtimeClient({
      url: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('ws://x/api/v1/realtime')),
      onMessage: () => undefined,
      createSocket: createFakeSocket,
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.connect();
    await Promise.resolve();
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith('Realtime connection failed', expect.any(Error));
    fail = false;
    jest.advanceTimersByTime(REALTIME_RECONNECT_MS[0]);
    await Promise.resolve();
    expect(FakeSocket.all).toHaveLength(1);
    warn.mockRestore();
    client.close();
  });

  it('builds the socket URL from the page origin, with the token when there is one', () => {
    expect(realtimeUrl(null, { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/v1/realtime');
    expect(realtimeUrl('t k', { protocol: 'https:', host: 'grouarock.pl' })).toBe('wss://grouarock.pl/api/v1/realtime?token=t%20k');
  });
});
