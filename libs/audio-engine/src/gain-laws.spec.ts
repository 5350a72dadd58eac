import { eqKnobToDb, eqKnobToGain, levelToGain, trimToGain, volumeToGain } from './gain-laws';

describe('gain laws', () => {
  it('apply the volume as a fraction of an integer 0–100', () => {
    expect(volumeToGain(70)).toBeCloseTo(0.7, 12);
    expect(volumeToGain(100)).toBe(1);
    expect(volumeToGain(0)).toBe(0);
    expect(volumeToGain(150)).toBe(1);
    expect(volumeToGain(-3)).toBe(0);
    expect(volumeToGain(33.4)).toBeCloseTo(0.33, 12);
  });

  it('apply level knobs (deck volume, master, phones) as fractions, clamped', () => {
    expect(levelToGain(85)).toBeCloseTo(0.85, 12);
    expect(levelToGain(80)).toBeCloseTo(0.8, 12);
    expect(levelToGain(120)).toBe(1);
    expect(levelToGain(-1)).toBe(0);
  });

  it('make the trim unity at its default 75, +5 dB at the top and silent at the bottom', () => {
    expect(trimToGain(75)).toBe(1);
    expect(20 * Math.log10(trimToGain(100))).toBeCloseTo(4.998, 2);
    expect(trimToGain(0)).toBe(0);
    expect(trimToGain(200)).toBe(trimToGain(100));
  });

  it('map EQ knobs to dB: kill at -50, -6 dB at -25, flat at 0, +6 dB at 50', () => {
    expect(eqKnobToGain(-50)).toBe(0);
    expect(eqKnobToDb(-50)).toBe(-Infinity);
    expect(eqKnobToDb(-25)).toBeCloseTo(-6.02, 2);
    expect(eqKnobToDb(0)).toBe(0);
    expect(eqKnobToDb(50)).toBeCloseTo(6.02, 2);
    expect(eqKnobToGain(-70)).toBe(0);
    expect(eqKnobToGain(90)).toBe(2);
  });

  it('are monotonic over the whole EQ travel', () => {
    for (let knob = -50; knob < 50; knob++) expect(eqKnobToGain(knob + 1)).toBeGreaterThan(eqKnobToGain(knob));
  });
});
