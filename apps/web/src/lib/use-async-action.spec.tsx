import { act, renderHook } from '@testing-library/react';
import { useAsyncAction } from './use-async-action';

describe('useAsyncAction', () => {
  it('is running while the promise is pending, and ignores a second call meanwhile', async () => {
    let finish: (value: string) => void = () => undefined;
    const action = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useAsyncAction(action));
    expect(result.current.running).toBe(false);

    let first: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      first = result.current.run();
    });
    expect(result.current.running).toBe(true);
    let second: Promise<string | undefined> = Promise.resolve('x');
    act(() => {
      second = result.current.run();
    });
    await expect(second).resolves.toBeUndefined();
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => finish('done'));
    await expect(first).resolves.toBe('done');
    expect(result.current.running).toBe(false);
  });

  it('stops running when the action fails, passing the error on', async () => {
    const { result } = renderHook(() => useAsyncAction(async () => Promise.reject(new Error('nope'))));
    await act(async () => {
      await expect(result.current.run()).rejects.toThrow('nope');
    });
    expect(result.current.running).toBe(false);
  });
});
