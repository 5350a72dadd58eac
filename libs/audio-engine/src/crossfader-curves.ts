import { clamp } from './knobs';

/**
 * Crossfader laws:
 * - `equal-power` (default): cos/sin, so the summed power of two uncorrelated tracks stays constant;
 *   each deck is at -3 dB in the middle.
 * - `linear`: gains 1-x and x, constant amplitude; each deck is at -6 dB in the middle.
 * - `sharp-cut`: both decks at full level across the travel, cut within the last 5 % at either end
 *   (a scratch curve).
 */
export type CrossfaderCurve = 'equal-power' | 'linear' | 'sharp-cut';

/** Every curve, the default first. */
export const CROSSFADER_CURVES: readonly CrossfaderCurve[] = ['equal-power', 'linear', 'sharp-cut'];

/** The width of the cut at each end of the sharp-cut curve, as a fraction of the travel. */
export const SHARP_CUT_WIDTH = 0.05;

/** Linear gains of deck A and deck B. */
export interface CrossfaderGains {
  readonly a: number;
  readonly b: number;
}

/** A crossfader knob (0–100) to its position 0..1 (0 = all deck A, 1 = all deck B). */
export function crossfaderPosition(knob: number): number {
  return clamp(knob, 0, 100) / 100;
}

/** Gains of decks A and B at a position 0..1 under a curve. The ends are exact: 1 and 0. */
export function crossfaderGains(position: number, curve: CrossfaderCurve = 'equal-power'): CrossfaderGains {
  const x = clamp(position, 0, 1);
  switch (curve) {
    case 'equal-power':
      if (x === 0) return { a: 1, b: 0 };
      if (x === 1) return { a: 0, b: 1 };
      return { a: Math.cos((x * Math.PI) / 2), b: Math.sin((x * Math.PI) / 2) };
    case 'linear':
      return { a: 1 - x, b: x };
    case 'sharp-cut':
      return { a: Math.min(1, (1 - x) / SHARP_CUT_WIDTH), b: Math.min(1, x / SHARP_CUT_WIDTH) };
  }
}

/** Whether `value` names one of the curves. */
export function isCrossfaderCurve(value: unknown): value is CrossfaderCurve {
  return typeof value === 'string' && (CROSSFADER_CURVES as readonly string[]).includes(value);
}
