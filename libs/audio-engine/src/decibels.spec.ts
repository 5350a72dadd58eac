import { MIN_DB, dbToGain, gainToDb } from './decibels';

describe('decibel conversions', () => {
  it('maps unity gain to 0 dB and half amplitude to about -6 dB', () => {
    expect(gainToDb(1)).toBe(0);
    expect(gainToDb(0.5)).toBeCloseTo(-6.0206, 4);
    expect(dbToGain(-6.0206)).toBeCloseTo(0.5, 4);
  });

  it('treats silence as -Infinity and back as 0', () => {
    expect(gainToDb(0)).toBe(-Infinity);
    expect(gainToDb(-1)).toBe(-Infinity);
    expect(gainToDb(10 ** ((MIN_DB - 1) / 20))).toBe(-Infinity);
    expect(dbToGain(-Infinity)).toBe(0);
    expect(dbToGain(MIN_DB)).toBe(0);
  });

  it('round-trips audible gains', () => {
    for (const gain of [0.001, 0.1, 0.7, 1, 2, 4]) expect(dbToGain(gainToDb(gain))).toBeCloseTo(gain, 10);
  });
});
