import { type IGainNode } from 'standardized-audio-context';
import { type Clock, systemClock } from './clock';
import { SLEEP_TIMER_MINUTES, type SleepTimerMinutes } from './constants';
import { type EngineContext } from './context';
import { formatCountdown } from './countdown';
import { EngineNode } from './engine-node';
import { rampParam, scheduleRamp } from './ramp';

export interface SleepTimerOptions {
  /** The fade-out covers this many final seconds. */
  readonly fadeSeconds: number;
  /** Called at zero, after `expire` is emitted: pause the radio here. */
  readonly onExpire: (() => void) | undefined;
  readonly clock: Clock;
}

export interface SleepTimerEvents {
  start: { readonly minutes: SleepTimerMinutes; readonly endsAt: number };
  /** Once a second while running (and once on start): seconds left and the m:ss label. */
  tick: { readonly remainingSeconds: number; readonly label: string };
  expire: Record<string, never>;
  cancel: Record<string, never>;
}

/** After the pause at zero, the level comes back this much later and this fast, so the next play is heard. */
const RESTORE_DELAY_SECONDS = 0.25;
const RESTORE_SECONDS = 0.25;

/**
 * Sleep timer: 15, 30, 60 or 120 minutes, a tick every second (m:ss), a fade-out over the last seconds
 * (its gain sits in the path: input → fade → output), and at zero `expire` + `onExpire` (pause the radio),
 * after which it clears itself. Cancelling restores the level.
 */
export class SleepTimer extends EngineNode<SleepTimerEvents> {
  static readonly defaults: SleepTimerOptions = { fadeSeconds: 10, onExpire: undefined, clock: systemClock };

  readonly input: IGainNode<EngineContext>;
  readonly output: IGainNode<EngineContext>;

  private readonly options: SleepTimerOptions;
  private endsAt: number | null = null;
  private fading = false;
  private cancelTicks: (() => void) | undefined;

  constructor(context: EngineContext, options: Partial<SleepTimerOptions> = {}) {
    const merged = { ...SleepTimer.defaults, ...options };
    super(context, merged.clock);
    this.options = merged;
    this.input = this.createGain();
    this.output = this.input;
  }

  get active(): boolean {
    return this.endsAt !== null;
  }

  /** When it expires (ms since the epoch), or null. */
  get expiresAt(): number | null {
    return this.endsAt;
  }

  /** Whole seconds left (rounded up), or null when not running. */
  get remainingSeconds(): number | null {
    return this.endsAt === null ? null : Math.max(0, Math.ceil((this.endsAt - this.clock.now()) / 1000));
  }

  /** The countdown as m:ss, or null. */
  get label(): string | null {
    const remaining = this.remainingSeconds;
    return remaining === null ? null : formatCountdown(remaining);
  }

  /** Starts (or restarts) the countdown. */
  start(minutes: SleepTimerMinutes): void {
    this.assertLive();
    if (!(SLEEP_TIMER_MINUTES as readonly number[]).includes(minutes)) {
      throw new RangeError(`The sleep timer runs ${SLEEP_TIMER_MINUTES.join(', ')} minutes, not ${String(minutes)}`);
    }
    this.stopTicking();
    // A restart during the fade-out brings the level back first.
    this.restoreLevel(0.05, 0);
    this.endsAt = this.clock.now() + minutes * 60_000;
    this.emit('start', { minutes, endsAt: this.endsAt });
    this.tick();
    this.cancelTicks = this.timers.interval(() => this.tick(), 1000);
  }

  /** Stops the countdown and brings the level back. */
  cancel(): void {
    this.assertLive();
    if (!this.active) return;
    this.stopTicking();
    this.endsAt = null;
    this.restoreLevel(0.2, 0);
    this.emit('cancel', {});
  }

  private tick(): void {
    const remaining = this.remainingSeconds;
    if (remaining === null || this.endsAt === null) return;
    this.emit('tick', { remainingSeconds: remaining, label: formatCountdown(remaining) });
    const secondsLeft = Math.max(0, (this.endsAt - this.clock.now()) / 1000);
    if (!this.fading && remaining <= this.options.fadeSeconds && secondsLeft > 0) {
      this.fading = true;
      rampParam(this.input.gain, 0, this.context.currentTime, secondsLeft);
    }
    if (remaining === 0) this.expire();
  }

  private expire(): void {
    this.stopTicking();
    this.endsAt = null;
    this.emit('expire', {});
    this.options.onExpire?.();
    this.restoreLevel(RESTORE_SECONDS, RESTORE_DELAY_SECONDS);
  }

  private stopTicking(): void {
    this.cancelTicks?.();
    this.cancelTicks = undefined;
  }

  private restoreLevel(rampSeconds: number, delaySeconds: number): void {
    this.fading = false;
    const now = this.context.currentTime;
    if (delaySeconds <= 0) {
      rampParam(this.input.gain, 1, now, rampSeconds);
      return;
    }
    this.input.gain.cancelScheduledValues(now);
    scheduleRamp(this.input.gain, 0, 1, now + delaySeconds, rampSeconds);
  }
}
