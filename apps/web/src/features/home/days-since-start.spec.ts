import { daysSinceStart, startDate } from './days-since-start';

describe('daysSinceStart', () => {
  it('counts from 2025-07-30', () => {
    expect(startDate).toBe('2025-07-30');
    expect(daysSinceStart(new Date(2025, 6, 30, 23, 59))).toBe(0);
    expect(daysSinceStart(new Date(2025, 6, 31, 0, 1))).toBe(1);
    expect(daysSinceStart(new Date(2025, 7, 30, 12))).toBe(31);
    expect(daysSinceStart(new Date(2026, 6, 30, 12))).toBe(365);
  });

  it('is never negative', () => {
    expect(daysSinceStart(new Date(2025, 0, 1))).toBe(0);
  });
});
