import { Emitter } from './emitter';

interface Events {
  ping: number;
  pong: string;
}

describe('Emitter', () => {
  it('delivers typed payloads to every listener of the event', () => {
    const emitter = new Emitter<Events>();
    const pings: number[] = [];
    emitter.on('ping', (n) => pings.push(n));
    emitter.on('ping', (n) => pings.push(n * 10));
    emitter.emit('ping', 2);
    emitter.emit('pong', 'ignored');
    expect(pings).toEqual([2, 20]);
  });

  it('removes listeners by the returned function, by off() and by clear()', () => {
    const emitter = new Emitter<Events>();
    const listener = jest.fn();
    const stop = emitter.on('ping', listener);
    stop();
    emitter.emit('ping', 1);
    emitter.on('ping', listener);
    emitter.off('ping', listener);
    emitter.emit('ping', 1);
    emitter.on('pong', listener);
    expect(emitter.listenerCount()).toBe(1);
    emitter.clear();
    emitter.emit('pong', 'x');
    expect(listener).not.toHaveBeenCalled();
    expect(emitter.listenerCount()).toBe(0);
  });

  it('keeps going when a listener throws, and rethrows it asynchronously', async () => {
    const emitter = new Emitter<Events>();
    const after = jest.fn();
    emitter.on('ping', () => {
      throw new Error('boom');
    });
    emitter.on('ping', after);
    const rethrown = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      globalThis.queueMicrotask = (task) => {
        globalThis.queueMicrotask = original;
        try {
          task();
        } catch (error) {
          resolve(error);
        }
      };
    });
    emitter.emit('ping', 1);
    expect(after).toHaveBeenCalledWith(1);
    await expect(rethrown).resolves.toEqual(new Error('boom'));
  });
});
