import { gainToDb } from './decibels';
import { KNOBS, clampKnob, clampVolume } from './knobs';

// How each knob becomes a linear gain. Pure functions, shared by the classes and the signal tests.

/** Player volume (integer 0–100) to gain, applied as a fraction: 70 → 0.7. */
export function volumeToGain(volume: number): number {
  return clampVolume(volume) / 100;
}

/** A 0–100 level knob (deck volume, master, phones) to gain, as a fraction: 85 → 0.85. */
export function levelToGain(knob: number): number {
  return clampKnob(knob, { min: 0, max: 100, default: 0 }) / 100;
}

/** The knob position at which the trim is at unity. */
export const TRIM_UNITY = KNOBS.gain.default;

/**
 * A deck's trim ("gain", 0–100) to gain: (knob / 75)², so the default 75 is unity, 100 is +5 dB of
 * headroom for quiet streams and 0 is silence. The square gives the knob an audio taper.
 */
export function trimToGain(knob: number): number {
  return (clampKnob(knob, KNOBS.gain) / TRIM_UNITY) ** 2;
}

/**
 * An EQ knob (-50..50) to the band's gain: 1 + knob / 50. Centre is flat (0 dB), the top doubles the
 * band (+6.02 dB, the usual DJ-isolator ceiling, which keeps headroom), and the bottom is a full kill
 * (gain 0, -Infinity dB) rather than a fixed cut. Halfway down (-25) is -6 dB.
 */
export function eqKnobToGain(knob: number): number {
  return 1 + clampKnob(knob, KNOBS.eq) / 50;
}

/** The same mapping in decibels: -50 → -Infinity, -25 → -6.02, 0 → 0, 50 → +6.02. */
export function eqKnobToDb(knob: number): number {
  return gainToDb(eqKnobToGain(knob));
}
