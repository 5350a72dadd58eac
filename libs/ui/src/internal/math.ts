/** Keeps `value` inside `min..max` (also copes with a reversed pair). */
export function clamp(value: number, min: number, max: number): number {
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  return Math.min(high, Math.max(low, value));
}

/** Decimal places of a step such as 0.05, so snapped values print as 0.3 and not 0.30000000000000004. */
export function decimalsOf(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Rounds `value` to the nearest `min + k * step`, then clamps it to `min..max`. */
export function snapToStep(value: number, min: number, max: number, step: number): number {
  if (!(step > 0)) return clamp(value, min, max);
  const snapped = min + Math.round((value - min) / step) * step;
  return clamp(Number(snapped.toFixed(decimalsOf(step))), min, max);
}
