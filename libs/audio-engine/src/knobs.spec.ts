import { KNOBS, clamp, clampKnob, clampVolume, eqKnobToPercent, percentToEqKnob } from './knobs';

describe('knobs', () => {
  it('have the spec defaults: mixer knobs 0–100, EQ offset by 50', () => {
    expect(KNOBS.volume).toEqual({ min: 0, max: 100, default: 70 });
    expect(KNOBS.deckVolume.default).toBe(80);
    expect(KNOBS.gain.default).toBe(75);
    expect(KNOBS.crossfader.default).toBe(50);
    expect(KNOBS.master.default).toBe(85);
    expect(KNOBS.phones.default).toBe(70);
    expect(KNOBS.spatial.default).toBe(50);
    expect(KNOBS.eq).toEqual({ min: -50, max: 50, default: 0 });
  });

  it('clamp to min and max, infinities included', () => {
    expect(clamp(-5, 0, 100)).toBe(0);
    expect(clamp(105, 0, 100)).toBe(100);
    expect(clamp(42.5, 0, 100)).toBe(42.5);
    expect(clamp(Infinity, 0, 100)).toBe(100);
    expect(clamp(-Infinity, 0, 100)).toBe(0);
    expect(clampKnob(-80, KNOBS.eq)).toBe(-50);
    expect(clampKnob(80, KNOBS.eq)).toBe(50);
  });

  it('reject NaN loudly instead of guessing', () => {
    expect(() => clamp(Number.NaN, 0, 1)).toThrow(RangeError);
  });

  it('keep the player volume an integer 0–100', () => {
    expect(clampVolume(69.6)).toBe(70);
    expect(clampVolume(-1)).toBe(0);
    expect(clampVolume(101)).toBe(100);
  });

  it('convert between the 0–100 bass/treble scale and EQ knobs', () => {
    expect(percentToEqKnob(75)).toBe(25);
    expect(percentToEqKnob(20)).toBe(-30);
    expect(percentToEqKnob(150)).toBe(50);
    expect(eqKnobToPercent(-30)).toBe(20);
    expect(eqKnobToPercent(-99)).toBe(0);
  });
});
