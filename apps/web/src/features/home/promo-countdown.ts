/** Seconds the promo popup waits before it sends the browser to the main site (10 s). */
export const promoCountdownSeconds = 10;

export interface Countdown {
  stop(): void;
}

/**
 * Counts down whole seconds: calls `onTick` with the seconds left after each second and `onDone` once at zero.
 * `stop()` cancels it (the popup was closed); nothing is called after that.
 */
export function startCountdown(seconds: number, onTick: (left: number) => void, onDone: () => void): Countdown {
  let left = seconds;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  if (left <= 0) {
    onDone();
    return { stop };
  }
  timer = setInterval(() => {
    left -= 1;
    onTick(left);
    if (left <= 0) {
      stop();
      onDone();
    }
  }, 1000);
  return { stop };
}
