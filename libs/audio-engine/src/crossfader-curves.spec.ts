import { SHARP_CUT_WIDTH, crossfaderGains, crossfaderPosition, isCrossfaderCurve } from './crossfader-curves';

const db = (gain: number): number => 20 * Math.log10(gain);

describe('crossfader curves', () => {
  it('equal power: only A at 0, both at -3 dB in the middle, only B at 1, constant power', () => {
    expect(crossfaderGains(0)).toEqual({ a: 1, b: 0 });
    expect(crossfaderGains(1)).toEqual({ a: 0, b: 1 });
    const middle = crossfaderGains(0.5);
    expect(db(middle.a)).toBeCloseTo(-3.01, 2);
    expect(db(middle.b)).toBeCloseTo(-3.01, 2);
    for (let x = 0; x <= 1; x += 0.05) {
      const { a, b } = crossfaderGains(x, 'equal-power');
      expect(a * a + b * b).toBeCloseTo(1, 12);
    }
  });

  it('linear: constant amplitude, -6 dB each in the middle', () => {
    expect(crossfaderGains(0, 'linear')).toEqual({ a: 1, b: 0 });
    const middle = crossfaderGains(0.5, 'linear');
    expect(db(middle.a)).toBeCloseTo(-6.02, 2);
    expect(middle.a + middle.b).toBe(1);
    expect(crossfaderGains(1, 'linear')).toEqual({ a: 0, b: 1 });
  });

  it('sharp cut: both at full level across the travel, cut at the very ends', () => {
    expect(crossfaderGains(0.5, 'sharp-cut')).toEqual({ a: 1, b: 1 });
    expect(crossfaderGains(SHARP_CUT_WIDTH, 'sharp-cut')).toEqual({ a: 1, b: 1 });
    expect(crossfaderGains(0, 'sharp-cut')).toEqual({ a: 1, b: 0 });
    expect(crossfaderGains(1, 'sharp-cut')).toEqual({ a: 0, b: 1 });
    expect(crossfaderGains(SHARP_CUT_WIDTH / 2, 'sharp-cut').b).toBeCloseTo(0.5, 12);
  });

  it('clamp the position and map the 0–100 knob to 0..1', () => {
    expect(crossfaderGains(-1)).toEqual(crossfaderGains(0));
    expect(crossfaderGains(2, 'linear')).toEqual(crossfaderGains(1, 'linear'));
    expect(crossfaderPosition(50)).toBe(0.5);
    expect(crossfaderPosition(130)).toBe(1);
  });

  it('know their names', () => {
    expect(isCrossfaderCurve('equal-power')).toBe(true);
    expect(isCrossfaderCurve('log')).toBe(false);
  });
});
