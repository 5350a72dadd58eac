import { KNOBS, clampKnob } from './knobs';

/**
 * The spatial knob works on the mid/side picture: M = (L+R)/2, S = (L-R)/2, and the output is
 * L' = M + w·S, R' = M - w·S. Written as a 2×2 matrix on L and R:
 *   L' = direct·L + cross·R,  R' = cross·L + direct·R,  with direct = (1+w)/2 and cross = (1-w)/2.
 * At w = 1 the matrix is exactly the identity (direct 1, cross 0), so the signal passes sample for sample.
 */
export interface WidthMatrix {
  readonly direct: number;
  readonly cross: number;
}

/** The spatial knob (0–100) to the side gain w: 0 → 0 (mono), 50 → 1 (unchanged), 100 → 2 (twice as wide). */
export function spatialToWidth(knob: number): number {
  return clampKnob(knob, KNOBS.spatial) / 50;
}

/** The L/R matrix for a side gain `width` (see above). */
export function widthMatrix(width: number): WidthMatrix {
  return { direct: (1 + width) / 2, cross: (1 - width) / 2 };
}
