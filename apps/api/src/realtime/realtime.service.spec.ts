import { EventEmitter } from 'node:events';
import { WebSocket } from 'ws';
import type { EventBus } from '../repositories/event-bus';
import type { RealtimeEvent } from '../repositories/schema/realtime-event';
import { RealtimeService } from './realtime.service';
import { Metrics } from '../core/metrics/metrics';

/** Just what the service touches of a ws socket, recording what was sent. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  readonly sent: unknown[] = [];
  readonly rawSent: Buffer[] = [];
  pings = 0;
  terminated = false;
  closedWith?: number;

  send(frame: Buffer, options: { binary: boolean }): void {
    expect(options.binary).toBe(false);
    this.rawSent.push(frame);
    this.sent.push(JSON.parse(frame.toString()));
  }

  ping(): void {
    this.pings++;
  }

  terminate(): void {
    this.terminated = true;
    this.readyState = WebSocket.CLOSED;
  }

  close(code: number): void {
    this.closedWith = code;
  }
}

describe('RealtimeService', () => {
  let publish: (event: RealtimeEvent) => void;
  let service: RealtimeService;
  let metrics: Metrics;
  const user = 'user.6f1c2a7e-0000-4000-8000-000000000000';

  beforeEach(() => {
    jest.useFakeTimers();
    const bus = { onEvent: (handler: (event: RealtimeEvent) => void) => ((publish = handler), () => undefined) } as unknown as EventBus;
    metrics = new Metrics();
    service = new RealtimeService(bus, metrics);
    service.onApplicationBootstrap();
  });

  afterEach(() => {
    service.onModuleDestroy();
    jest.useRealTimers();
  });

  function connect(userId?: string): FakeSocket & WebSocket {
    const socket = new FakeSocket() as FakeSocket & WebSocket;
    service.connect(socket, userId);
    return socket;
  }

  it('delivers an event to the channel’s subscribers only, the same serialized frame to each', () => {
    const [a, b, other] = [connect(), connect(), connect()];
    expect(service.subscribe(a, 'station.rock')).toEqual({ type: 'subscribed', channel: 'station.rock', data: {} });
    service.subscribe(b, 'station.rock');
    service.subscribe(other, 'station.punk');
    const event = { channel: 'station.rock', type: 'now_playing', data: { title: 'Whisky' } };
    publish(event);
    expect(a.sent).toEqual([event]);
    expect(b.rawSent[0]).toBe(a.rawSent[0]);
    expect(other.sent).toEqual([]);
  });

  it('counts the messages it sends and reads its open sockets when scraped', async () => {
    const [a, b] = [connect(), connect()];
    service.subscribe(a, 'station.rock');
    service.subscribe(b, 'station.rock');
    publish({ channel: 'station.rock', type: 'now_playing', data: { title: 'Whisky' } });
    const text = await metrics.text();
    expect(text).toMatch(/^grouarock_realtime_messages_sent_total 2$/m);
    expect(text).toMatch(/^grouarock_realtime_sockets 2$/m);
  });

  it('stops delivering after unsubscribe and after the socket is gone', () => {
    const [a, b] = [connect(), connect()];
    service.subscribe(a, 'global.events');
    service.subscribe(b, 'global.events');
    expect(service.unsubscribe(a, 'global.events')).toEqual({ type: 'unsubscribed', channel: 'global.events', data: {} });
    service.disconnect(b);
    publish({ channel: 'global.events', type: 'stream_started', data: {} });
    expect(a.sent).toEqual([]);
    expect(b.sent).toEqual([]);
  });

  it('gives a user channel only to its own signed-in user', () => {
    expect(service.subscribe(connect('6f1c2a7e-0000-4000-8000-000000000000'), user)).toMatchObject({ type: 'subscribed', channel: user });
    for (const socket of [connect(), connect('someone-else')]) {
      expect(service.subscribe(socket, user)).toEqual({ type: 'error', channel: null, data: { message: 'user channels are only for their own signed-in user' } });
    }
  });

  it('allows 50 subscriptions per connection, re-subscribing included', () => {
    const socket = connect();
    for (let i = 0; i < 50; i++) expect(service.subscribe(socket, `station.s${i}`).type).toBe('subscribed');
    expect(service.subscribe(socket, 'station.s0').type).toBe('subscribed');
    expect(service.subscribe(socket, 'station.one-too-many')).toEqual({ type: 'error', channel: null, data: { message: 'At most 50 subscriptions per connection' } });
  });

  it('pings and sends a heartbeat every 25 s, and terminates a connection that missed the last pong', () => {
    const [answering, silent] = [connect(), connect()];
    jest.advanceTimersByTime(25_000);
    for (const socket of [answering, silent]) {
      expect(socket.pings).toBe(1);
      expect(socket.sent).toEqual([{ type: 'heartbeat', channel: null, data: {} }]);
    }
    answering.emit('pong');
    jest.advanceTimersByTime(25_000);
    expect(answering.terminated).toBe(false);
    expect(answering.pings).toBe(2);
    expect(silent.terminated).toBe(true);
  });

  it('spreads the heartbeats over the period instead of beating every connection at once', () => {
    const sockets = Array.from({ length: 300 }, () => connect());
    jest.advanceTimersByTime(250);
    expect(sockets.filter((s) => s.pings > 0)).toHaveLength(3);
    jest.advanceTimersByTime(25_000 - 250);
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
  });

  it('says goodbye with 1001 when the application stops', () => {
    const socket = connect();
    service.onModuleDestroy();
    expect(socket.closedWith).toBe(1001);
  });
});
