import type { RelayPresenceRepository } from '../../repositories/relay-presence.repository';
import { RelayPresenceService } from './relay-presence.service';

function repository() {
  return {
    write: jest.fn(async () => undefined),
    removeInstance: jest.fn(async () => undefined),
    sweep: jest.fn(async () => undefined),
    others: jest.fn(async () => new Map([['rock', { listeners: 2, title: null }]])),
    claimTitle: jest.fn(async () => true),
  };
}

const state = (listeners: number) => ({ listeners, artist: null, title: null, titleAt: null });
/** Lets the timers' promise chains run. */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('RelayPresenceService', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the first change at once and a burst of changes once a second, with the state as it is then', async () => {
    const repo = repository();
    const presence = new RelayPresenceService(repo as unknown as RelayPresenceRepository);
    presence.report('rock', state(1));
    await settle();
    expect(repo.write).toHaveBeenCalledTimes(1);
    expect(repo.write).toHaveBeenLastCalledWith(presence.instanceId, [{ stationId: 'rock', ...state(1) }], []);

    for (let n = 2; n <= 50; n++) presence.report('rock', state(n));
    presence.report('punk', state(1));
    presence.report('punk', undefined);
    await jest.advanceTimersByTimeAsync(999);
    expect(repo.write).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(repo.write).toHaveBeenCalledTimes(2);
    expect(repo.write).toHaveBeenLastCalledWith(presence.instanceId, [{ stationId: 'rock', ...state(50) }], ['punk']);
  });

  it('rewrites its relays every 10 s and sweeps dead processes, and removes its rows on shutdown', async () => {
    const repo = repository();
    const presence = new RelayPresenceService(repo as unknown as RelayPresenceRepository);
    presence.onApplicationBootstrap();
    presence.report('rock', state(3));
    await settle();
    repo.write.mockClear();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(repo.write).toHaveBeenCalledWith(presence.instanceId, [{ stationId: 'rock', ...state(3) }], []);
    expect(repo.sweep).toHaveBeenCalledWith(30);

    await presence.onModuleDestroy();
    expect(repo.removeInstance).toHaveBeenCalledWith(presence.instanceId);
    presence.report('rock', state(4));
    await jest.advanceTimersByTimeAsync(20_000);
    expect(repo.write).toHaveBeenCalledTimes(1);
  });

  it('writes again after a failed write, and reads the others once a second however many ask', async () => {
    const repo = repository();
    repo.write.mockRejectedValueOnce(new Error('connection lost'));
    const presence = new RelayPresenceService(repo as unknown as RelayPresenceRepository);
    presence.onApplicationBootstrap();
    presence.report('rock', state(1));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(repo.write).toHaveBeenCalledTimes(2);
    expect(repo.write).toHaveBeenLastCalledWith(presence.instanceId, [{ stationId: 'rock', ...state(1) }], []);

    const reads = await Promise.all([presence.others(), presence.others(), presence.others()]);
    expect(reads[0].get('rock')?.listeners).toBe(2);
    expect(repo.others).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1001);
    await presence.others();
    expect(repo.others).toHaveBeenCalledTimes(2);
    await presence.onModuleDestroy();
  });
});
