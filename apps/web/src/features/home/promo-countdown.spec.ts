import { promoCountdownSeconds, startCountdown } from './promo-countdown';

describe('startCountdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ticks every second and finishes once at zero', () => {
    const ticks: number[] = [];
    const done = jest.fn();
    startCountdown(promoCountdownSeconds, (left) => ticks.push(left), done);

    jest.advanceTimersByTime(9_999);
    expect(ticks).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(done).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(ticks.at(-1)).toBe(0);
    expect(done).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(5_000);
    expect(done).toHaveBeenCalledTimes(1);
    expect(ticks).toHaveLength(10);
  });

  it('calls nothing more once stopped', () => {
    const tick = jest.fn();
    const done = jest.fn();
    const countdown = startCountdown(10, tick, done);
    jest.advanceTimersByTime(3_000);
    countdown.stop();
    jest.advanceTimersByTime(20_000);
    expect(tick).toHaveBeenCalledTimes(3);
    expect(done).not.toHaveBeenCalled();
  });

  it('finishes at once when there is no time left', () => {
    const done = jest.fn();
    startCountdown(0, jest.fn(), done);
    expect(done).toHaveBeenCalledTimes(1);
  });
});

describe('the spec constant', () => {
  it('is 10 seconds', () => expect(promoCountdownSeconds).toBe(10));
});
