import { act, render, screen } from '@testing-library/react';
import { useAfterLoad } from './use-after-load';

function Probe() {
  return <p>{useAfterLoad() ? 'ready' : 'waiting'}</p>;
}

describe('useAfterLoad', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    readyState = 'loading';
    jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('waits for the page to load, then for an idle moment', () => {
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
    window.cancelIdleCallback = jest.fn();
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    readyState = 'complete';
    act(() => void window.dispatchEvent(new Event('load')));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    act(() => idle[0]({ didTimeout: false, timeRemaining: () => 10 }));
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('is ready right after mounting on a page that has loaded already, where there is no idle callback', () => {
    readyState = 'complete';
    (window as { requestIdleCallback?: unknown }).requestIdleCallback = undefined;
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => void jest.runAllTimers());
    expect(screen.getByText('ready')).toBeInTheDocument();
  });
});
