import { installStyleNonce } from './style-nonce';

type Global = { __webpack_nonce__?: string; PerformanceObserver?: unknown };
const navigation = (nonce?: string) => ({ entryType: 'navigation', serverTiming: nonce === undefined ? [] : [{ name: 'other', description: 'x' }, { name: 'csp-nonce', description: nonce }] });

describe('installStyleNonce', () => {
  const original = { getEntriesByType: performance.getEntriesByType, PerformanceObserver: (globalThis as Global).PerformanceObserver };
  afterEach(() => {
    delete (globalThis as Global).__webpack_nonce__;
    performance.getEntriesByType = original.getEntriesByType;
    (globalThis as Global).PerformanceObserver = original.PerformanceObserver;
  });

  it("hands the nonce of the page's answer (Server-Timing csp-nonce) to get-nonce", () => {
    performance.getEntriesByType = ((type: string) => (type === 'navigation' ? [navigation('n0nce-of-this-answer')] : [])) as unknown as typeof performance.getEntriesByType;
    installStyleNonce();
    expect((globalThis as Global).__webpack_nonce__).toBe('n0nce-of-this-answer');
  });

  it('sets none when the answer gave none', () => {
    performance.getEntriesByType = (() => [navigation()]) as unknown as typeof performance.getEntriesByType;
    (globalThis as Global).PerformanceObserver = undefined;
    installStyleNonce();
    expect((globalThis as Global).__webpack_nonce__).toBeUndefined();
  });

  it('reads it from an observer where `performance` lists no entries (a fake clock)', () => {
    performance.getEntriesByType = (() => []) as unknown as typeof performance.getEntriesByType;
    const observed: { options?: unknown; callback?: (list: { getEntries(): unknown[] }) => void; disconnected: boolean } = { disconnected: false };
    (globalThis as Global).PerformanceObserver = class {
      constructor(callback: typeof observed.callback) {
        observed.callback = callback;
      }
      observe(options: unknown) {
        observed.options = options;
      }
      disconnect() {
        observed.disconnected = true;
      }
    };
    installStyleNonce();
    expect(observed.options).toEqual({ type: 'navigation', buffered: true });
    observed.callback?.({ getEntries: () => [navigation('from-the-observer')] });
    expect((globalThis as Global).__webpack_nonce__).toBe('from-the-observer');
    expect(observed.disconnected).toBe(true);
  });
});
