import type { AppConfig } from '../core/config/config';
import type { LiveStreamRepository } from '../repositories/live-stream.repository';
import { HOLD_SECONDS, LiveSlots, type Slot } from './live-slots.service';

/** The database holds of live_streams.publisher_until, in memory: a stream is held while its token is set. */
class FakeHolds {
  readonly held = new Map<string, string>();
  /** Streams that are no longer ready (ended or deleted): nothing holds or renews them. */
  readonly over = new Set<string>();
  private tokens = 0;

  holdPublisher(id: string): Promise<{ until: string } | 'busy'> {
    if (this.held.has(id) || this.over.has(id)) return Promise.resolve('busy');
    const until = `t${++this.tokens}`;
    this.held.set(id, until);
    return Promise.resolve({ until });
  }

  renewPublisher(id: string, until: string): Promise<string | undefined> {
    if (this.over.has(id) || this.held.get(id) !== until) return Promise.resolve(undefined);
    const next = `t${++this.tokens}`;
    this.held.set(id, next);
    return Promise.resolve(next);
  }

  releasePublisher(id: string, until: string): Promise<void> {
    if (this.held.get(id) === until) this.held.delete(id);
    return Promise.resolve();
  }
}

const config = { live: { maxPublishers: 3, maxTranscodes: 1 } } as AppConfig;

describe('LiveSlots', () => {
  let holds: FakeHolds;
  let slots: LiveSlots;
  beforeEach(() => {
    holds = new FakeHolds();
    slots = new LiveSlots(config, holds as unknown as LiveStreamRepository);
  });
  /** A slot the test expects to get. */
  const claimed = (streamId: string, transcode = false): Slot => {
    const slot = slots.claim(streamId, transcode);
    if (typeof slot === 'string') throw new Error(`no slot: ${slot}`);
    return slot;
  };
  afterEach(() => {
    slots.onModuleDestroy();
    jest.useRealTimers();
  });

  it('gives one slot per stream, and none past the publishers and transcodes this process takes', () => {
    const first = claimed('s1', true);
    expect(first).toMatchObject({ streamId: 's1', transcode: true, over: false });
    expect(slots.claim('s1', false)).toBe('busy');
    expect(slots.claim('s2', true)).toBe('transcodes_full');
    expect(typeof slots.claim('s2', false)).toBe('object');
    expect(typeof slots.claim('s3', false)).toBe('object');
    expect(slots.claim('s4', false)).toBe('full');
    slots.free(first);
    expect(typeof slots.claim('s4', true)).toBe('object');
  });

  it('gives a slot back with its hold and drops its publisher; a slot already given back is left alone', async () => {
    const slot = claimed('s1');
    const drop = jest.fn();
    slot.publisher = { drop };
    expect(await slots.hold(slot, () => undefined)).toBeUndefined();
    expect(holds.held.has('s1')).toBe(true);
    slots.free(slot);
    await Promise.resolve();
    expect(holds.held.has('s1')).toBe(false);
    expect(drop).toHaveBeenCalledTimes(1);
    expect(slots.of('s1')).toBeUndefined();
    const next = slots.claim('s1', false);
    slots.free(slot);
    expect(slots.of('s1')).toBe(next);
    expect(drop).toHaveBeenCalledTimes(1);
  });

  it('says why a stream cannot be held: another process holds it, or it is not ready', async () => {
    holds.held.set('s1', 'elsewhere');
    holds.over.add('s2');
    const lost = jest.fn();
    expect(await slots.hold(claimed('s1'), lost)).toBe('busy');
    expect(await slots.hold(claimed('s2'), lost)).toBe('busy');
  });

  it('renews a hold until it is let go, and calls the stream lost when a renewal finds it ended', async () => {
    jest.useFakeTimers();
    const lost = jest.fn();
    const slot = claimed('s1');
    await slots.hold(slot, lost);
    const first = holds.held.get('s1');
    await jest.advanceTimersByTimeAsync((HOLD_SECONDS * 1000) / 3);
    expect(holds.held.get('s1')).not.toBe(first);
    expect(lost).not.toHaveBeenCalled();
    // Stopped behind this process's back: no event came, the renewal's conditional write is the one to see it.
    holds.over.add('s1');
    await jest.advanceTimersByTimeAsync((HOLD_SECONDS * 1000) / 3);
    expect(lost).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(HOLD_SECONDS * 1000);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('does not call a hold lost that was let go while its renewal was on its way (the stream went live here)', async () => {
    jest.useFakeTimers();
    const lost = jest.fn();
    let answer!: (until: string | undefined) => void;
    const slot = claimed('s1');
    await slots.hold(slot, lost);
    jest.spyOn(holds, 'renewPublisher').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await jest.advanceTimersByTimeAsync((HOLD_SECONDS * 1000) / 3);
    slots.letGo('s1');
    answer(undefined);
    await jest.advanceTimersByTimeAsync(0);
    expect(lost).not.toHaveBeenCalled();
  });
});
