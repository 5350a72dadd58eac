import { EventEmitter } from 'node:events';
import { RestartingWorker } from './workers';

/** A worker that ends when the test says: `exit` is emitted on it as a thread or a process would. */
class FakeWorker extends EventEmitter {}

/** A RestartingWorker over fake workers: `spawn` gives the next of `outcomes` (a worker, or an error to reject with). */
function harness(...outcomes: (FakeWorker | Error)[]) {
  const logger = { error: jest.fn() };
  const onEnded = jest.fn();
  const spawn = jest.fn(() => {
    const next = outcomes.shift();
    if (!next) return Promise.reject(new Error('no more workers in this test'));
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const kept = new RestartingWorker<FakeWorker>('Test worker', logger, spawn, onEnded);
  return { kept, spawn, logger, onEnded, errors: () => logger.error.mock.calls.map(([message]) => message as string) };
}

describe('RestartingWorker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rejects when its first worker cannot start, and starts no other', async () => {
    const h = harness(new Error('port taken'));
    await expect(h.kept.start()).rejects.toThrow('port taken');
    expect(h.kept.current).toBeUndefined();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(h.spawn).toHaveBeenCalledTimes(1);
  });

  it('starts another worker a second after one ends by itself, once what it held is forgotten', async () => {
    const [first, second] = [new FakeWorker(), new FakeWorker()];
    const h = harness(first, second);
    await h.kept.start();
    expect(h.kept.current).toBe(first);

    first.emit('exit', null, 'SIGKILL');
    expect(h.kept.current).toBeUndefined();
    expect(h.onEnded).toHaveBeenCalledTimes(1);
    expect(h.errors()).toEqual(['Test worker ended (SIGKILL); starting it again']);
    await jest.advanceTimersByTimeAsync(999);
    expect(h.spawn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.spawn).toHaveBeenCalledTimes(2);
    expect(h.kept.current).toBe(second);

    // The new one is watched as the first was; a thread's exit gives only its code.
    second.emit('exit', 1);
    expect(h.errors().at(-1)).toBe('Test worker ended (1); starting it again');
    expect(h.onEnded).toHaveBeenCalledTimes(2);
  });

  it('tries again every 5 s while a new worker cannot start', async () => {
    const [first, last] = [new FakeWorker(), new FakeWorker()];
    const h = harness(first, new Error('still broken'), new Error('still broken'), last);
    await h.kept.start();
    first.emit('exit', 1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(h.errors().at(-1)).toBe('still broken; trying again in 5 s');
    await jest.advanceTimersByTimeAsync(4999);
    expect(h.spawn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.spawn).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(5000);
    expect(h.spawn).toHaveBeenCalledTimes(4);
    expect(h.kept.current).toBe(last);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(h.spawn).toHaveBeenCalledTimes(4);
  });

  it('hands its worker over on stop, and starts none after it, however it ends', async () => {
    const worker = new FakeWorker();
    const h = harness(worker, new FakeWorker());
    await h.kept.start();
    expect(h.kept.stop()).toBe(worker);
    expect(h.kept.current).toBeUndefined();
    worker.emit('exit', 0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(h.spawn).toHaveBeenCalledTimes(1);
    expect(h.onEnded).not.toHaveBeenCalled();
    expect(h.errors()).toEqual([]);
  });

  it('stops trying when stopped while it waits to start another', async () => {
    const worker = new FakeWorker();
    const h = harness(worker, new Error('broken'), new FakeWorker());
    await h.kept.start();
    worker.emit('exit', 1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(h.spawn).toHaveBeenCalledTimes(2);
    expect(h.kept.stop()).toBeUndefined();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(h.spawn).toHaveBeenCalledTimes(2);
  });
});
