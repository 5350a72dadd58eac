import { Alarm } from './alarm';
import { type StreamSource } from './stream-deck';
import { mockContextPerTest } from './testing/per-test-context';

const station: StreamSource = { id: 'antyradio', url: '/api/v1/radio/antyradio/stream', name: 'Antyradio' };

describe('Alarm', () => {
  const audio = mockContextPerTest({ now: new Date(2025, 0, 10, 22, 30) });

  it('defaults to 07:00 and is not armed', () => {
    const alarm = new Alarm(audio.context);
    expect(alarm.time).toBe('07:00');
    expect(alarm.armed).toBe(false);
    expect(alarm.nextFireAt).toBeNull();
    expect(alarm.input).toBe(alarm.output);
  });

  it('rejects a malformed time', () => {
    expect(() => new Alarm(audio.context, { time: '25:00' })).toThrow(RangeError);
    expect(() => new Alarm(audio.context).arm(station, '7am')).toThrow(RangeError);
  });

  it('starts the chosen station at the time with a fade-in, and again the next day', async () => {
    const start = jest.fn();
    const alarm = new Alarm(audio.context, { start, fadeInSeconds: 30 });
    const fired = jest.fn();
    alarm.on('fire', fired);
    const at = alarm.arm(station);
    expect(at).toBe(new Date(2025, 0, 11, 7, 0).getTime());
    jest.advanceTimersByTime(8.5 * 3600_000 - 1000);
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledWith({ source: station, at });
    expect(alarm.input.gain.value).toBe(0);
    await Promise.resolve();
    await Promise.resolve();
    expect(start).toHaveBeenCalledWith(station);
    await Promise.resolve();
    await audio.context.advance(15);
    expect(alarm.input.gain.value).toBeCloseTo(0.5, 6);
    await audio.context.advance(15);
    expect(alarm.input.gain.value).toBe(1);
    expect(alarm.armed).toBe(true);
    expect(alarm.nextFireAt).toBe(new Date(2025, 0, 12, 7, 0).getTime());
    jest.advanceTimersByTime(24 * 3600_000);
    expect(fired).toHaveBeenCalledTimes(2);
  });

  it('logs a station that will not start, and still restores the level', async () => {
    const logger = { warn: jest.fn(), error: jest.fn() };
    const alarm = new Alarm(audio.context, { time: '22:31', logger, fadeInSeconds: 1, start: () => Promise.reject(new Error('offline')) });
    alarm.arm(station);
    jest.advanceTimersByTime(60_000);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(logger.error).toHaveBeenCalledWith('The alarm could not start the station', new Error('offline'));
    await audio.context.advance(2);
    expect(alarm.input.gain.value).toBe(1);
  });

  it('can be disarmed', () => {
    const start = jest.fn();
    const alarm = new Alarm(audio.context, { start });
    alarm.arm(station, '06:15');
    expect(alarm.time).toBe('06:15');
    alarm.disarm();
    expect(alarm.armed).toBe(false);
    jest.advanceTimersByTime(48 * 3600_000);
    expect(start).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('notices a clock jump (a laptop waking up) within a minute', () => {
    let now = new Date(2025, 0, 10, 22, 30).getTime();
    const clock = {
      now: () => now,
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
      clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
    };
    const start = jest.fn();
    const alarm = new Alarm(audio.context, { clock, start });
    alarm.arm(station);
    now = new Date(2025, 0, 11, 7, 0, 30).getTime();
    jest.advanceTimersByTime(60_000);
    expect(alarm.nextFireAt).toBe(new Date(2025, 0, 12, 7, 0).getTime());
  });

  it('dispose() clears its wait and disconnects its gain', () => {
    const alarm = new Alarm(audio.context);
    alarm.arm(station);
    alarm.dispose();
    expect(jest.getTimerCount()).toBe(0);
    expect(audio.context.connectionCount).toBe(0);
  });
});
