import { type Clock, type TimerHandle } from './clock';

/** A cancel function for one timer. */
export type CancelTimer = () => void;

/**
 * The timers one object has running, on its clock, so that dispose() can clear every one of them.
 * Fired timeouts forget themselves.
 */
export class Timers {
  private readonly running = new Map<symbol, { handle: TimerHandle; repeat: boolean }>();

  constructor(private readonly clock: Clock) {}

  timeout(callback: () => void, ms: number): CancelTimer {
    const id = Symbol('timeout');
    const handle = this.clock.setTimeout(() => {
      this.running.delete(id);
      callback();
    }, ms);
    this.running.set(id, { handle, repeat: false });
    return () => this.cancel(id);
  }

  interval(callback: () => void, ms: number): CancelTimer {
    const id = Symbol('interval');
    const handle = this.clock.setInterval(callback, ms);
    this.running.set(id, { handle, repeat: true });
    return () => this.cancel(id);
  }

  /** Timers still pending. */
  get size(): number {
    return this.running.size;
  }

  clearAll(): void {
    for (const id of [...this.running.keys()]) this.cancel(id);
  }

  private cancel(id: symbol): void {
    const timer = this.running.get(id);
    if (!timer) return;
    this.running.delete(id);
    if (timer.repeat) this.clock.clearInterval(timer.handle);
    else this.clock.clearTimeout(timer.handle);
  }
}
