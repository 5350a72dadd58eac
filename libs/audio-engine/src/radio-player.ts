import { type IAudioContext, type IGainNode } from 'standardized-audio-context';
import { Alarm, type AlarmOptions } from './alarm';
import { type Clock, systemClock } from './clock';
import { EngineNode } from './engine-node';
import { eqKnobToPercent, percentToEqKnob } from './knobs';
import { type Logger, consoleLogger } from './logger';
import { PRESETS, type PresetId, type ToneSettings, isPresetId } from './presets';
import { Recorder, type RecorderOptions } from './recorder';
import { SleepTimer, type SleepTimerOptions } from './sleep-timer';
import { StreamDeck, type StreamDeckOptions } from './stream-deck';
import { ThreeBandEq, type ThreeBandEqOptions } from './three-band-eq';

export interface RadioPlayerOptions {
  /** Options of the stream deck (volume 70 by default). */
  readonly deck: Partial<Omit<StreamDeckOptions, 'clock' | 'logger'>>;
  readonly eq: Partial<Omit<ThreeBandEqOptions, 'clock'>>;
  readonly sleepTimer: Partial<Omit<SleepTimerOptions, 'clock' | 'onExpire'>>;
  readonly alarm: Partial<Omit<AlarmOptions, 'clock' | 'logger' | 'start'>>;
  readonly recorder: Partial<Omit<RecorderOptions, 'clock' | 'logger' | 'isPlaying'>>;
  /** How long applying or clearing a preset glides, seconds. */
  readonly presetRampSeconds: number;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface RadioPlayerEvents {
  /** A preset was applied (its id) or cleared (null). */
  presetchange: { readonly preset: PresetId | null };
}

/**
 * The radio page's engine, assembled:
 *
 *   deck (stream → volume) → eq → sleep-timer fade → alarm fade → output ──→ recorder
 *
 * Connect `output` to the speakers (`player.toDestination()`). The sleep timer pauses the deck at zero;
 * the alarm switches the deck to its station; a recording stops by itself when playback stops (its file
 * arrives on the recorder's `complete` event). Presets set volume, bass and treble over a glide and are
 * undone by `clearPreset()`, which restores the settings from before the first preset.
 */
export class RadioPlayer extends EngineNode<RadioPlayerEvents> {
  static readonly defaults: RadioPlayerOptions = {
    deck: {},
    eq: {},
    sleepTimer: {},
    alarm: {},
    recorder: {},
    presetRampSeconds: 1.5,
    clock: systemClock,
    logger: consoleLogger,
  };

  readonly input = undefined;
  readonly output: IGainNode<IAudioContext>;
  readonly deck: StreamDeck;
  readonly eq: ThreeBandEq;
  readonly sleepTimer: SleepTimer;
  readonly alarm: Alarm;
  readonly recorder: Recorder;

  private readonly rampSeconds: number;
  private activePreset: PresetId | null = null;
  private beforePreset: ToneSettings | null = null;

  constructor(context: IAudioContext, options: Partial<RadioPlayerOptions> = {}) {
    const merged = { ...RadioPlayer.defaults, ...options };
    super(context, merged.clock);
    const { clock, logger } = merged;
    this.rampSeconds = merged.presetRampSeconds;

    this.deck = new StreamDeck(context, { ...merged.deck, clock, logger });
    this.eq = new ThreeBandEq(context, { ...merged.eq, clock });
    this.sleepTimer = new SleepTimer(context, { ...merged.sleepTimer, clock, onExpire: () => this.deck.pause() });
    this.alarm = new Alarm(context, { ...merged.alarm, clock, logger, start: (source) => this.deck.switchStation(source) });
    this.recorder = new Recorder(context, { ...merged.recorder, clock, logger, isPlaying: () => this.deck.playing });
    this.output = this.disposables.node(context.createGain());
    for (const part of [this.deck, this.eq, this.sleepTimer, this.alarm, this.recorder]) this.disposables.add(() => part.dispose());

    this.deck.connect(this.eq).connect(this.sleepTimer).connect(this.alarm);
    this.alarm.output.connect(this.output);
    this.output.connect(this.recorder.input);

    this.disposables.add(
      this.deck.on('statechange', ({ state }) => {
        if (state === 'stopped' || state === 'error' || state === 'offline') void this.recorder.stop();
      }),
    );
  }

  /** The preset in force, or null. */
  get preset(): PresetId | null {
    return this.activePreset;
  }

  /** Volume, bass and treble on the product's 0–100 scale (bass and treble: 50 is flat). */
  get toneSettings(): ToneSettings {
    return { volume: this.deck.volume, bass: eqKnobToPercent(this.eq.low), treble: eqKnobToPercent(this.eq.high) };
  }

  /** Glides to a preset; the settings from before the first preset are kept for clearPreset(). */
  applyPreset(id: PresetId): void {
    this.assertLive();
    if (!isPresetId(id)) throw new RangeError(`Unknown preset "${String(id)}"`);
    this.beforePreset ??= this.toneSettings;
    this.activePreset = id;
    this.applyTone(PRESETS[id]);
    this.emit('presetchange', { preset: id });
  }

  /** Glides back to the settings from before the first preset. */
  clearPreset(): void {
    this.assertLive();
    if (!this.activePreset || !this.beforePreset) return;
    this.applyTone(this.beforePreset);
    this.beforePreset = null;
    this.activePreset = null;
    this.emit('presetchange', { preset: null });
  }

  private applyTone(tone: ToneSettings): void {
    this.deck.setVolume(tone.volume, this.rampSeconds);
    this.eq.set({ low: percentToEqKnob(tone.bass), high: percentToEqKnob(tone.treble) }, this.rampSeconds);
  }
}
