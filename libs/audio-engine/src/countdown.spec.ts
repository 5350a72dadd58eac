import { formatCountdown } from './countdown';

describe('countdown format', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(15 * 60)).toBe('15:00');
    expect(formatCountdown(120 * 60)).toBe('120:00');
    expect(formatCountdown(599)).toBe('9:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('rounds fractions up and never goes negative', () => {
    expect(formatCountdown(0.2)).toBe('0:01');
    expect(formatCountdown(59.01)).toBe('1:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
  });
});
