import { reconnectDelayMs } from './backoff';

describe('reconnect backoff', () => {
  it('doubles from 0.5 s and stays at 2 s', () => {
    expect([0, 1, 2, 3, 4, 10, 100].map((attempt) => reconnectDelayMs(attempt))).toEqual([500, 1000, 2000, 2000, 2000, 2000, 2000]);
  });

  it('takes other bounds', () => {
    expect(reconnectDelayMs(3, { initialDelayMs: 100, maxDelayMs: 5000 })).toBe(800);
    expect(reconnectDelayMs(-2, { initialDelayMs: 100, maxDelayMs: 5000 })).toBe(100);
  });
});
