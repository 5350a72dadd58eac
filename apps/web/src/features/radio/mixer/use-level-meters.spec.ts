import { act, renderHook } from '@testing-library/react';
import type { MixerLevels } from './mixer-session';
import { SILENT_LEVELS, useLevelMeters } from './use-level-meters';

const level = (rms: number): MixerLevels => ({
  a: { rms, peak: rms + 3 },
  b: { rms: -Infinity, peak: -Infinity },
  master: { rms: rms - 1, peak: rms + 2 },
});

describe('useLevelMeters', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the meters once per animation frame while given a reader', () => {
    let rms = -20;
    const read = jest.fn(() => level(rms));
    const { result } = renderHook(() => useLevelMeters(read));
    expect(result.current).toBe(SILENT_LEVELS);

    act(() => jest.advanceTimersByTime(20));
    expect(read).toHaveBeenCalled();
    expect(result.current.a.rms).toBe(-20);
    expect(result.current.b.rms).toBe(-Infinity);

    rms = -10;
    act(() => jest.advanceTimersByTime(20));
    expect(result.current.a.rms).toBe(-10);
  });

  it('stops polling when the reader is taken away, and on unmount', () => {
    const read = jest.fn(() => level(-12));
    const { result, rerender, unmount } = renderHook(({ reader }) => useLevelMeters(reader), {
      initialProps: { reader: read as (() => MixerLevels) | null },
    });
    act(() => jest.advanceTimersByTime(50));
    rerender({ reader: null });
    expect(result.current).toBe(SILENT_LEVELS);
    const calls = read.mock.calls.length;
    act(() => jest.advanceTimersByTime(200));
    expect(read).toHaveBeenCalledTimes(calls);
    unmount();
  });
});
