import { type Clock, systemClock } from './clock';
import { Timers } from './timers';

describe('Timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs timeouts and intervals on the clock and forgets fired timeouts', () => {
    const timers = new Timers(systemClock);
    const once = jest.fn();
    const repeat = jest.fn();
    timers.timeout(once, 100);
    timers.interval(repeat, 50);
    expect(timers.size).toBe(2);
    jest.advanceTimersByTime(200);
    expect(once).toHaveBeenCalledTimes(1);
    expect(repeat).toHaveBeenCalledTimes(4);
    expect(timers.size).toBe(1);
  });

  it('cancels one timer, or all of them', () => {
    const timers = new Timers(systemClock);
    const callback = jest.fn();
    const cancel = timers.timeout(callback, 10);
    cancel();
    cancel();
    timers.interval(callback, 10);
    timers.timeout(callback, 10);
    timers.clearAll();
    jest.advanceTimersByTime(100);
    expect(callback).not.toHaveBeenCalled();
    expect(timers.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('uses the clock it is given', () => {
    const clock: Clock = {
      now: () => 0,
      setTimeout: jest.fn(() => 'handle'),
      clearTimeout: jest.fn(),
      setInterval: jest.fn(() => 'interval'),
      clearInterval: jest.fn(),
    };
    const timers = new Timers(clock);
    timers.timeout(() => undefined, 5);
    timers.interval(() => undefined, 5);
    timers.clearAll();
    expect(clock.clearTimeout).toHaveBeenCalledWith('handle');
    expect(clock.clearInterval).toHaveBeenCalledWith('interval');
  });
});

describe('systemClock', () => {
  it('reads the globals at call time, so jest fake timers apply', () => {
    jest.useFakeTimers({ now: new Date('2025-07-30T10:00:00Z') });
    const callback = jest.fn();
    systemClock.setTimeout(callback, 1000);
    jest.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalled();
    expect(systemClock.now()).toBe(Date.parse('2025-07-30T10:00:01Z'));
    const handle = systemClock.setInterval(callback, 10);
    systemClock.clearInterval(handle);
    const timeout = systemClock.setTimeout(callback, 10);
    systemClock.clearTimeout(timeout);
    expect(jest.getTimerCount()).toBe(0);
    jest.useRealTimers();
  });
});
