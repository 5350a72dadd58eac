// Geometry of the knob's dial, in SVG user units (viewBox 0 0 100 100, 0° pointing straight up,
// angles growing clockwise). Kept free of React so it can be unit-tested directly.

/** Knobs on real mixers turn 270°: from 7 o'clock (-135°) to 5 o'clock (+135°). */
export const SWEEP_START = -135;
export const SWEEP_END = 135;

export const CENTER = 50;

/** Maps a value in min..max to an angle on the sweep. */
export function valueToAngle(value: number, min: number, max: number): number {
  const span = max - min;
  const ratio = span === 0 ? 0 : (value - min) / span;
  return SWEEP_START + ratio * (SWEEP_END - SWEEP_START);
}

export function polarToCartesian(radius: number, angleDeg: number): { x: number; y: number } {
  const rad = (angleDeg * Math.PI) / 180;
  return { x: CENTER + radius * Math.sin(rad), y: CENTER - radius * Math.cos(rad) };
}

/** SVG path of a circular arc between two angles (in either order); empty when they coincide. */
export function arcPath(radius: number, fromDeg: number, toDeg: number): string {
  const start = Math.min(fromDeg, toDeg);
  const end = Math.max(fromDeg, toDeg);
  if (end - start < 0.01) return '';
  const a = polarToCartesian(radius, start);
  const b = polarToCartesian(radius, end);
  const largeArc = end - start > 180 ? 1 : 0;
  const f = (n: number) => n.toFixed(3);
  return `M ${f(a.x)} ${f(a.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${f(b.x)} ${f(b.y)}`;
}
