import { createFakeSocket, FakeSocket } from '../testing/fake-socket';
import { REALTIME_IDLE_CLOSE_MS, RealtimeConnection } from './realtime-connection';

const sockets = () => FakeSocket.all;
const open = () => FakeSocket.all.filter((socket) => socket.readyState !== 3);

describe('RealtimeConnection', () => {
  let credentials: { userId: string | null; token: string | null };
  let connection: RealtimeConnection;
  beforeEach(() => {
    jest.useFakeTimers();
    FakeSocket.all = [];
    credentials = { userId: null, token: null };
    connection = new RealtimeConnection({
      credentials: () => credentials,
      url: (token) => `ws://x/api/v1/realtime${token ? `?token=${token}` : ''}`,
      createSocket: createFakeSocket,
    });
  });
  afterEach(() => jest.useRealTimers());

  it('carries every channel on one socket and gives each listener its own channel’s messages', () => {
    const station: unknown[] = [];
    const events: unknown[] = [];
    const eventsToo: unknown[] = [];
    connection.listen('station.rock', (m) => station.push(m));
    connection.listen('global.events', (m) => events.push(m));
    connection.listen('global.events', (m) => eventsToo.push(m));
    expect(sockets()).toHaveLength(1);
    const [socket] = sockets();
    socket.open();
    expect(socket.frames).toEqual([
      { action: 'subscribe', channel: 'station.rock' },
      { action: 'subscribe', channel: 'global.events' },
    ]);
    const nowPlaying = { type: 'now_playing', channel: 'station.rock', data: { title: 'T' } };
    const started = { type: 'stream_started', channel: 'global.events', data: {} };
    socket.push(nowPlaying);
    socket.push(started);
    socket.push({ type: 'heartbeat', channel: null, data: {} });
    expect(station).toEqual([nowPlaying]);
    expect(events).toEqual([started]);
    expect(eventsToo).toEqual([started]);
  });

  it('leaves a channel with its last listener and closes the socket a while after the last channel is left', () => {
    const leaveStation = connection.listen('station.rock', () => undefined);
    const leaveEvents = connection.listen('global.events', () => undefined);
    const leaveEventsToo = connection.listen('global.events', () => undefined);
    const [socket] = sockets();
    socket.open();
    leaveEvents();
    expect(socket.frames).toHaveLength(2);
    leaveEventsToo();
    leaveEventsToo();
    expect(socket.frames.slice(2)).toEqual([{ action: 'unsubscribe', channel: 'global.events' }]);
    leaveStation();
    expect(socket.frames.slice(3)).toEqual([{ action: 'unsubscribe', channel: 'station.rock' }]);
    jest.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS - 1);
    expect(open()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
    // Dropped by the idle close, it is not reconnected; a new channel opens a new socket.
    jest.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(1);
    connection.listen('global.events', () => undefined);
    expect(sockets()).toHaveLength(2);
  });

  it('keeps the socket when a channel is wanted again before the idle close', () => {
    connection.listen('station.rock', () => undefined)();
    jest.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS / 2);
    connection.listen('station.jazz', () => undefined);
    jest.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS * 2);
    expect(sockets()).toHaveLength(1);
    expect(open()).toHaveLength(1);
  });

  it('opens with the token of the moment and reconnects for a user channel of somebody it was not opened for', () => {
    connection.listen('global.events', () => undefined);
    expect(sockets()[0].url).toBe('ws://x/api/v1/realtime');
    sockets()[0].open();
    credentials = { userId: 'u1', token: 'tok1' };
    connection.listen('user.u1', () => undefined);
    expect(sockets()).toHaveLength(2);
    expect(open()).toHaveLength(1);
    const [, second] = sockets();
    expect(second.url).toBe('ws://x/api/v1/realtime?token=tok1');
    second.open();
    expect(second.frames).toEqual([
      { action: 'subscribe', channel: 'global.events' },
      { action: 'subscribe', channel: 'user.u1' },
    ]);
    // The same user's channel again (say a second page) needs no new socket.
    connection.listen('user.u1', () => undefined);
    expect(sockets()).toHaveLength(2);
  });
});
