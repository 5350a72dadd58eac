import { EventEmitter } from 'node:events';
import type { DataSource } from 'typeorm';
import { Metrics } from '../core/metrics/metrics';
import { EventBus, EventTooLargeError, MAX_EVENT_BYTES } from './event-bus';

// The LISTEN connection is a fake pg Client: notifications are emitted on it as pg would.
const clients: FakeClient[] = [];
class FakeClient extends EventEmitter {
  constructor() {
    super();
    clients.push(this);
  }
  connect = jest.fn(async () => undefined);
  query = jest.fn(async () => undefined);
  end = jest.fn(async () => undefined);
}
jest.mock('pg', () => ({ Client: jest.fn(() => new FakeClient()) }));

describe('EventBus', () => {
  it('drops a notification that is not JSON and keeps delivering the next ones', async () => {
    const bus = new EventBus('postgres://unused', {} as DataSource, new Metrics());
    await bus.onApplicationBootstrap();
    const received: unknown[] = [];
    bus.onEvent((event) => received.push(event));
    const client = clients[0];
    expect(client.query).toHaveBeenCalledWith('LISTEN grouarock_events');

    expect(() => client.emit('notification', { channel: 'grouarock_events', payload: '{"type": ' })).not.toThrow();
    client.emit('notification', { channel: 'grouarock_events', payload: '{"type":"likes","stationId":"a"}' });
    client.emit('notification', { channel: 'other', payload: '{"type":"x"}' });
    expect(received).toEqual([{ type: 'likes', stationId: 'a' }]);
    await bus.onModuleDestroy();
  });

  it('listens again on a new connection once the old one is lost, counts it, and tells who announces state', async () => {
    jest.useFakeTimers();
    try {
      const metrics = new Metrics();
      const bus = new EventBus('postgres://unused', {} as DataSource, metrics);
      await bus.onApplicationBootstrap();
      const lost = clients.at(-1)!;
      const told = jest.fn();
      bus.onReconnect(told);
      lost.emit('end');
      expect(told).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1000);
      const again = clients.at(-1)!;
      expect(again).not.toBe(lost);
      expect(again.query).toHaveBeenCalledWith('LISTEN grouarock_events');
      expect(told).toHaveBeenCalledTimes(1);
      expect((await metrics.eventBusListenReconnects.get()).values[0].value).toBe(1);
      await bus.onModuleDestroy();
    } finally {
      jest.useRealTimers();
    }
  });

  describe('publish', () => {
    const event = (data: Record<string, unknown>) => ({ channel: 'station.rock', type: 'now_playing', data });
    let metrics: Metrics;
    beforeEach(() => (metrics = new Metrics()));
    const failures = async () => (await metrics.eventBusPublishFailures.get()).values[0]?.value ?? 0;
    const busWith = (query: jest.Mock) => new EventBus('postgres://unused', { query } as unknown as DataSource, metrics);

    it('sends the JSON with pg_notify', async () => {
      const query = jest.fn(async () => [{}]);
      await busWith(query).publish(event({ title: 'Whisky' }));
      expect(query).toHaveBeenCalledWith('SELECT pg_notify($1, $2)', ['grouarock_events', JSON.stringify(event({ title: 'Whisky' }))]);
    });

    it('refuses a payload over 7,999 bytes of UTF-8 before pg_notify, counting bytes rather than characters', async () => {
      const query = jest.fn(async () => [{}]);
      const bus = busWith(query);
      const overhead = Buffer.byteLength(JSON.stringify(event({ title: '' })));
      // Exactly at the limit in ASCII passes; the same number of characters in 'é' (2 bytes each) does not.
      await bus.publish(event({ title: 'x'.repeat(MAX_EVENT_BYTES - overhead) }));
      expect(query).toHaveBeenCalledTimes(1);
      const big = bus.publish(event({ title: 'é'.repeat(4000) }));
      await expect(big).rejects.toBeInstanceOf(EventTooLargeError);
      await expect(big).rejects.toThrow(`The now_playing event on station.rock is ${overhead + 8000} bytes of JSON; events between processes may have at most 7999`);
      expect(query).toHaveBeenCalledTimes(1);
    });

    it('tries three times when the connection fails, then rejects saying so', async () => {
      const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
      const query = jest.fn().mockRejectedValueOnce(lost).mockResolvedValueOnce([{}]);
      await busWith(query).publish(event({}));
      expect(query).toHaveBeenCalledTimes(2);
      expect(await failures()).toBe(0);

      const down = jest.fn().mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      await expect(busWith(down).publish(event({}))).rejects.toThrow('Publishing now_playing on station.rock failed after 3 tries: connect ECONNREFUSED 127.0.0.1:5432');
      expect(down).toHaveBeenCalledTimes(3);
      expect(await failures()).toBe(1);
    });

    it('does not retry an error the server answered (it would fail the same way)', async () => {
      const refused = Object.assign(new Error('payload string too long'), { driverError: { code: '22023' } });
      const query = jest.fn().mockRejectedValue(refused);
      await expect(busWith(query).publish(event({}))).rejects.toThrow('failed after 1 try: payload string too long');
      expect(query).toHaveBeenCalledTimes(1);
    });
  });
});
