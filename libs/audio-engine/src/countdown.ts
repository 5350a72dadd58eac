/** Seconds as m:ss ("29:59", "0:05", "120:00"); fractions round up so a countdown never shows 0:00 early. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
