import { autoplayIntervalMs, createAutoplay } from './carousel-autoplay';

describe('createAutoplay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('advances every 4000 ms once enabled, and not before', () => {
    const advance = jest.fn();
    const autoplay = createAutoplay(advance);
    jest.advanceTimersByTime(20_000);
    expect(advance).not.toHaveBeenCalled();

    autoplay.setEnabled(true);
    jest.advanceTimersByTime(3_999);
    expect(advance).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(8_000);
    expect(advance).toHaveBeenCalledTimes(3);
  });

  it('stops for good on an interaction, even if enabled again', () => {
    const advance = jest.fn();
    const onChange = jest.fn();
    const autoplay = createAutoplay(advance, { onChange });
    autoplay.setEnabled(true);
    expect(onChange).toHaveBeenLastCalledWith(true);
    jest.advanceTimersByTime(4_000);
    autoplay.stop();
    expect(autoplay.running).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
    autoplay.setEnabled(false);
    autoplay.setEnabled(true);
    autoplay.setHidden(true);
    autoplay.setHidden(false);
    jest.advanceTimersByTime(60_000);
    expect(advance).toHaveBeenCalledTimes(1);
    expect(autoplay.running).toBe(false);
  });

  it('pauses while the tab is hidden and resumes with a full interval', () => {
    const advance = jest.fn();
    const autoplay = createAutoplay(advance);
    autoplay.setEnabled(true);
    jest.advanceTimersByTime(3_000);
    autoplay.setHidden(true);
    jest.advanceTimersByTime(30_000);
    expect(advance).not.toHaveBeenCalled();
    autoplay.setHidden(false);
    jest.advanceTimersByTime(3_999);
    expect(advance).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it('stops when no longer enabled (e.g. the window became wide) and starts again when it is', () => {
    const advance = jest.fn();
    const onChange = jest.fn();
    const autoplay = createAutoplay(advance, { onChange });
    autoplay.setEnabled(true);
    autoplay.setEnabled(true);
    autoplay.setEnabled(false);
    jest.advanceTimersByTime(10_000);
    expect(advance).not.toHaveBeenCalled();
    autoplay.setEnabled(true);
    jest.advanceTimersByTime(4_000);
    expect(advance).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('uses the spec interval', () => {
    expect(autoplayIntervalMs).toBe(4000);
  });
});
