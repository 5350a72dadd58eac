import { EventEmitter } from 'node:events';
import type { DataSource } from 'typeorm';
import { EventBus } from './event-bus';

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
    const bus = new EventBus('postgres://unused', {} as DataSource);
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
});
