import { SleepTimer } from './sleep-timer';
import { mockContextPerTest } from './testing/per-test-context';

describe('SleepTimer', () => {
  const audio = mockContextPerTest();

  it('sits in the path as a gain at unity', () => {
    const timer = new SleepTimer(audio.context);
    expect(timer.input).toBe(timer.output);
    expect(timer.input.gain.value).toBe(1);
    expect(timer.active).toBe(false);
    expect(timer.label).toBeNull();
  });

  it('accepts 15, 30, 60 or 120 minutes only', () => {
    const timer = new SleepTimer(audio.context);
    for (const minutes of [15, 30, 60, 120] as const) expect(() => timer.start(minutes)).not.toThrow();
    expect(() => timer.start(45 as never)).toThrow(RangeError);
  });

  it('ticks every second with m:ss', () => {
    const timer = new SleepTimer(audio.context);
    const labels: string[] = [];
    timer.on('tick', ({ label }) => labels.push(label));
    timer.start(15);
    jest.advanceTimersByTime(3000);
    expect(labels).toEqual(['15:00', '14:59', '14:58', '14:57']);
    expect(timer.remainingSeconds).toBe(897);
    expect(timer.label).toBe('14:57');
  });

  it('fades out over the last seconds, pauses at zero and clears itself', async () => {
    const onExpire = jest.fn();
    const timer = new SleepTimer(audio.context, { fadeSeconds: 10, onExpire });
    const expired = jest.fn();
    timer.on('expire', expired);
    timer.start(15);
    jest.advanceTimersByTime(15 * 60_000 - 11_000);
    expect(timer.input.gain.value).toBe(1);
    jest.advanceTimersByTime(1000);
    expect(timer.label).toBe('0:10');
    // The fade runs on the audio clock from here over the remaining 10 s.
    await audio.context.advance(5);
    expect(timer.input.gain.value).toBeCloseTo(0.5, 6);
    jest.advanceTimersByTime(9000);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(timer.active).toBe(false);
    expect(timer.remainingSeconds).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    // After the pause the level comes back for the next play.
    await audio.context.advance(6);
    expect(timer.input.gain.value).toBe(1);
  });

  it('can be cancelled, restoring the level', async () => {
    const onExpire = jest.fn();
    const timer = new SleepTimer(audio.context, { fadeSeconds: 30, onExpire });
    const cancelled = jest.fn();
    timer.on('cancel', cancelled);
    timer.start(15);
    jest.advanceTimersByTime(15 * 60_000 - 20_000);
    await audio.context.advance(10);
    expect(timer.input.gain.value).toBeLessThan(1);
    timer.cancel();
    timer.cancel();
    expect(cancelled).toHaveBeenCalledTimes(1);
    await audio.context.advance(1);
    expect(timer.input.gain.value).toBe(1);
    jest.advanceTimersByTime(60_000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('restarts from the new duration', () => {
    const timer = new SleepTimer(audio.context);
    timer.start(120);
    jest.advanceTimersByTime(60_000);
    timer.start(30);
    expect(timer.label).toBe('30:00');
    expect(jest.getTimerCount()).toBe(1);
  });

  it('dispose() clears its ticking and disconnects its gain', () => {
    const timer = new SleepTimer(audio.context);
    timer.connect(audio.context.createGain());
    timer.start(60);
    timer.dispose();
    expect(jest.getTimerCount()).toBe(0);
    expect(audio.context.connectionCount).toBe(0);
  });
});
