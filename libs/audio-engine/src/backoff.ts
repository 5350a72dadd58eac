import { RECONNECT_DEFAULTS } from './constants';

/** The bounds of the reconnection delays. */
export interface BackoffOptions {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

/** Delay before reconnection attempt `attempt` (0-based): doubling from the initial delay, capped. */
export function reconnectDelayMs(attempt: number, options: BackoffOptions = RECONNECT_DEFAULTS): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.min(n, 30));
}
