import { type IAudioParam } from 'standardized-audio-context';

/**
 * Moves a parameter to `value`, starting at `startTime`, along a linear ramp of `seconds` (0: at once).
 * Anything scheduled from `startTime` on is replaced, so a new move always wins over an older one. The
 * ramp starts from the parameter's present value, so a move during a ramp continues without a jump.
 */
export function rampParam(param: IAudioParam, value: number, startTime: number, seconds: number): void {
  // Read first: cancelling may drop the event that set the present value.
  const from = param.value;
  param.cancelScheduledValues(startTime);
  if (seconds > 0) {
    param.setValueAtTime(from, startTime);
    param.linearRampToValueAtTime(value, startTime + seconds);
  } else {
    param.setValueAtTime(value, startTime);
  }
}

/**
 * Adds a linear ramp to `value` between `startTime` and `startTime + seconds` after whatever is already
 * scheduled (nothing is cancelled): for a move planned for later.
 */
export function scheduleRamp(param: IAudioParam, from: number, value: number, startTime: number, seconds: number): void {
  param.setValueAtTime(from, startTime);
  if (seconds > 0) param.linearRampToValueAtTime(value, startTime + seconds);
  else param.setValueAtTime(value, startTime);
}
