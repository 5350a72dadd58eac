import { type IGainNode } from 'standardized-audio-context';
import { type Clock, systemClock } from './clock';
import { type EngineAudioNode, type EngineContext } from './context';
import { EngineNode } from './engine-node';
import { levelToGain, trimToGain } from './gain-laws';
import { KNOBS, clampKnob } from './knobs';
import { LevelMeter, type LevelMeterOptions } from './level-meter';
import { rampParam } from './ramp';
import { type EqSettings, ThreeBandEq, type ThreeBandEqOptions } from './three-band-eq';

export interface DeckChannelOptions {
  /** Input trim, 0–100 (75 = unity). */
  readonly gain: number;
  /** Channel fader, 0–100, applied as a fraction. */
  readonly volume: number;
  readonly eq: Partial<EqSettings & Omit<ThreeBandEqOptions, 'clock'>>;
  readonly meter: Partial<LevelMeterOptions>;
  /** Ramp time of a knob move, seconds. */
  readonly smoothing: number;
  readonly clock: Clock;
}

/**
 * One mixer channel: input → trim → 3-band EQ → fader → output. The level meter and the headphone cue
 * (`preFader`) are taken after the EQ and before the fader, as on a hardware DJ mixer, so the DJ sets
 * the trim on the meter and can pre-listen a deck whose fader is down.
 */
export class DeckChannel extends EngineNode {
  static readonly defaults: DeckChannelOptions = {
    gain: KNOBS.gain.default,
    volume: KNOBS.deckVolume.default,
    eq: {},
    meter: {},
    smoothing: 0.02,
    clock: systemClock,
  };

  readonly input: IGainNode<EngineContext>;
  readonly output: IGainNode<EngineContext>;
  /** The post-EQ, pre-fader signal (the cue send). */
  readonly preFader: EngineAudioNode;
  readonly eq: ThreeBandEq;
  readonly meter: LevelMeter;

  private readonly smoothing: number;
  private trimKnob: number;
  private volumeKnob: number;

  constructor(context: EngineContext, options: Partial<DeckChannelOptions> = {}) {
    const merged = { ...DeckChannel.defaults, ...options };
    super(context, merged.clock);
    this.smoothing = merged.smoothing;
    this.trimKnob = clampKnob(merged.gain, KNOBS.gain);
    this.volumeKnob = clampKnob(merged.volume, KNOBS.deckVolume);

    this.input = this.createGain(trimToGain(this.trimKnob));
    this.eq = new ThreeBandEq(context, { ...merged.eq, clock: merged.clock });
    this.meter = new LevelMeter(context, merged.meter);
    this.output = this.createGain(levelToGain(this.volumeKnob));
    this.disposables.add(() => this.eq.dispose());
    this.disposables.add(() => this.meter.dispose());

    this.input.connect(this.eq.input);
    this.eq.output.connect(this.meter.input);
    this.eq.output.connect(this.output);
    this.preFader = this.eq.output;
  }

  /** The trim knob ("gain"), 0–100. */
  get gain(): number {
    return this.trimKnob;
  }
  set gain(knob: number) {
    this.setGain(knob);
  }

  /** The channel fader, 0–100. */
  get volume(): number {
    return this.volumeKnob;
  }
  set volume(knob: number) {
    this.setVolume(knob);
  }

  setGain(knob: number, rampSeconds = this.smoothing): void {
    this.assertLive();
    this.trimKnob = clampKnob(knob, KNOBS.gain);
    rampParam(this.input.gain, trimToGain(this.trimKnob), this.context.currentTime, rampSeconds);
  }

  setVolume(knob: number, rampSeconds = this.smoothing): void {
    this.assertLive();
    this.volumeKnob = clampKnob(knob, KNOBS.deckVolume);
    rampParam(this.output.gain, levelToGain(this.volumeKnob), this.context.currentTime, rampSeconds);
  }
}
