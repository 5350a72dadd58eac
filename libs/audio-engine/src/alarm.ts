import { type IGainNode } from 'standardized-audio-context';
import { type AlarmTime, nextAlarmAt, parseAlarmTime } from './alarm-time';
import { type Clock, systemClock } from './clock';
import { DEFAULT_ALARM_TIME } from './constants';
import { type EngineContext } from './context';
import { EngineNode } from './engine-node';
import { type Logger, consoleLogger } from './logger';
import { rampParam } from './ramp';
import { type StreamSource } from './stream-deck';

export interface AlarmOptions {
  /** Local wake-up time, HH:MM. */
  readonly time: string;
  /** The fade-in from silence takes this long, seconds. */
  readonly fadeInSeconds: number;
  /** Starts the station (the RadioPlayer passes its deck's switchStation). */
  readonly start: (source: StreamSource) => void | Promise<void>;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface AlarmEvents {
  arm: { readonly at: number; readonly source: StreamSource };
  /** The alarm went off and is starting `source`; it is armed again for the next day. */
  fire: { readonly source: StreamSource; readonly at: number };
  disarm: Record<string, never>;
}

/** Long waits are cut into slices, so a laptop waking from sleep or a clock change is noticed. */
const MAX_WAIT_MS = 60_000;

/**
 * Alarm ("Auto Budzik"): at HH:MM local time (default 07:00) it starts a chosen station and fades it in
 * from silence (its gain sits in the path: input → fade → output). It repeats every day until disarmed.
 */
export class Alarm extends EngineNode<AlarmEvents> {
  static readonly defaults: AlarmOptions = {
    time: DEFAULT_ALARM_TIME,
    fadeInSeconds: 30,
    start: () => undefined,
    clock: systemClock,
    logger: consoleLogger,
  };

  readonly input: IGainNode<EngineContext>;
  readonly output: IGainNode<EngineContext>;

  private readonly options: AlarmOptions;
  private wakeAt: AlarmTime;
  private timeText: string;
  private station: StreamSource | null = null;
  private fireAt: number | null = null;
  private cancelWait: (() => void) | undefined;

  constructor(context: EngineContext, options: Partial<AlarmOptions> = {}) {
    const merged = { ...Alarm.defaults, ...options };
    super(context, merged.clock);
    this.options = merged;
    this.wakeAt = parseAlarmTime(merged.time);
    this.timeText = merged.time;
    this.input = this.createGain();
    this.output = this.input;
  }

  get armed(): boolean {
    return this.fireAt !== null;
  }

  /** The wake-up time, HH:MM. */
  get time(): string {
    return this.timeText;
  }

  /** The station it will start, once armed. */
  get source(): StreamSource | null {
    return this.station;
  }

  /** When it goes off next (ms since the epoch), or null. */
  get nextFireAt(): number | null {
    return this.fireAt;
  }

  /** Arms the alarm for `source` at `time` (default: the current time setting); returns when it will fire. */
  arm(source: StreamSource, time: string = this.timeText): number {
    this.assertLive();
    this.wakeAt = parseAlarmTime(time);
    this.timeText = time;
    this.station = source;
    this.schedule();
    this.emit('arm', { at: this.fireAt as number, source });
    return this.fireAt as number;
  }

  disarm(): void {
    this.assertLive();
    if (!this.armed) return;
    this.cancelWait?.();
    this.cancelWait = undefined;
    this.fireAt = null;
    rampParam(this.input.gain, 1, this.context.currentTime, 0.05);
    this.emit('disarm', {});
  }

  private schedule(): void {
    this.cancelWait?.();
    this.fireAt = nextAlarmAt(this.wakeAt, new Date(this.clock.now())).getTime();
    this.wait();
  }

  private wait(): void {
    const remaining = (this.fireAt ?? 0) - this.clock.now();
    this.cancelWait = this.timers.timeout(
      () => {
        this.cancelWait = undefined;
        if (this.fireAt === null) return;
        if (this.clock.now() >= this.fireAt) this.fire();
        else this.wait();
      },
      Math.max(0, Math.min(remaining, MAX_WAIT_MS)),
    );
  }

  private fire(): void {
    const source = this.station as StreamSource;
    const at = this.fireAt as number;
    const gain = this.input.gain;
    rampParam(gain, 0, this.context.currentTime, 0);
    this.emit('fire', { source, at });
    this.schedule();
    const fadeIn = (): void => rampParam(gain, 1, this.context.currentTime, this.options.fadeInSeconds);
    void Promise.resolve()
      .then(() => this.options.start(source))
      .catch((error: unknown) => this.options.logger.error('The alarm could not start the station', error))
      .then(() => {
        if (!this.disposed) fadeIn();
      });
  }
}
