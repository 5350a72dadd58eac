import { DEFAULT_VOLUME, MIXER_DEFAULTS } from './constants';

/** A knob's travel and resting position. */
export interface KnobRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/**
 * Every knob of the player and the mixer. The rules: knobs clamp to min/max (0–100 unless stated);
 * the EQ knobs are offset by 50, so they run -50..50 with 0 as "flat".
 */
export const KNOBS = {
  /** Player volume: an integer, applied as a fraction. */
  volume: { min: 0, max: 100, default: DEFAULT_VOLUME },
  /** A mixer deck's channel fader (volume A / volume B). */
  deckVolume: { min: 0, max: 100, default: MIXER_DEFAULTS.volumeA },
  /** A mixer deck's input trim ("gain"); 75 is unity. */
  gain: { min: 0, max: 100, default: MIXER_DEFAULTS.gain },
  crossfader: { min: 0, max: 100, default: MIXER_DEFAULTS.crossfader },
  master: { min: 0, max: 100, default: MIXER_DEFAULTS.master },
  phones: { min: 0, max: 100, default: MIXER_DEFAULTS.phones },
  /** Stereo image: 50 leaves it unchanged, 0 is mono, 100 doubles the side signal. */
  spatial: { min: 0, max: 100, default: MIXER_DEFAULTS.spatial },
  /** One EQ band: -50 is a full kill, 0 is flat, 50 is +6 dB. */
  eq: { min: -50, max: 50, default: 0 },
} as const satisfies Record<string, KnobRange>;

export type KnobName = keyof typeof KNOBS;

/** Clamps into [min, max]; infinities clamp too. NaN is a programming error, so it throws. */
export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) throw new RangeError('Expected a number, got NaN');
  return Math.min(max, Math.max(min, value));
}

/** Clamps a knob value into its range. */
export function clampKnob(value: number, range: KnobRange): number {
  return clamp(value, range.min, range.max);
}

/** The player volume: an integer 0–100. */
export function clampVolume(value: number): number {
  return Math.round(clampKnob(value, KNOBS.volume));
}

/** A 0–100 control (the product's bass/treble values) to an EQ knob (-50..50). */
export function percentToEqKnob(percent: number): number {
  return clamp(percent, 0, 100) - 50;
}

/** An EQ knob (-50..50) back to the 0–100 scale the product's presets use. */
export function eqKnobToPercent(knob: number): number {
  return clampKnob(knob, KNOBS.eq) + 50;
}
