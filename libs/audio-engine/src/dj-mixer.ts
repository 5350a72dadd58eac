import { type IGainNode } from 'standardized-audio-context';
import { type Clock, systemClock } from './clock';
import { MIXER_DEFAULTS } from './constants';
import { type EngineContext } from './context';
import { Crossfader } from './crossfader';
import { type CrossfaderCurve } from './crossfader-curves';
import { DeckChannel } from './deck-channel';
import { EngineNode } from './engine-node';
import { levelToGain } from './gain-laws';
import { KNOBS, clampKnob } from './knobs';
import { LevelMeter } from './level-meter';
import { rampParam } from './ramp';
import { Spatial } from './spatial';
import { type EqSettings } from './three-band-eq';

export type DeckId = 'a' | 'b';
/** Which deck the headphones pre-listen, or none. */
export type CueSource = DeckId | 'none';

/** Every knob of the mixer, as the UI shows it. */
export interface MixerSettings {
  readonly volumeA: number;
  readonly volumeB: number;
  readonly gainA: number;
  readonly gainB: number;
  readonly eqA: EqSettings;
  readonly eqB: EqSettings;
  readonly crossfader: number;
  readonly crossfaderCurve: CrossfaderCurve;
  readonly master: number;
  readonly phones: number;
  readonly spatial: number;
  readonly cue: CueSource;
}

/** Knobs to move: any subset, and any subset of each deck's EQ bands. */
export type MixerChanges = Partial<Omit<MixerSettings, 'eqA' | 'eqB'>> & {
  readonly eqA?: Partial<EqSettings>;
  readonly eqB?: Partial<EqSettings>;
};

export interface DjMixerOptions extends Omit<MixerSettings, 'eqA' | 'eqB'> {
  readonly eqA: Partial<EqSettings>;
  readonly eqB: Partial<EqSettings>;
  /** Ramp time of a knob move, seconds. */
  readonly smoothing: number;
  /** Let the decks' EQs switch their filters out while flat (see ThreeBandEq). */
  readonly eqAutoBypass: boolean;
  readonly clock: Clock;
}

export interface DjMixerEvents {
  /**
   * Knobs moved through set() or the mixer's own setters (master, phones, cue); the new settings, clamped.
   * Moving a part directly (`mixer.deckA.volume = 90`) does not emit it.
   */
  change: MixerSettings;
}

const flat: EqSettings = { low: 0, mid: 0, high: 0 };

/** Where every knob starts: the product's defaults, both EQs flat, the equal-power curve, cue on deck A. */
export const DEFAULT_MIXER_SETTINGS: MixerSettings = {
  volumeA: MIXER_DEFAULTS.volumeA,
  volumeB: MIXER_DEFAULTS.volumeB,
  gainA: MIXER_DEFAULTS.gain,
  gainB: MIXER_DEFAULTS.gain,
  eqA: flat,
  eqB: flat,
  crossfader: MIXER_DEFAULTS.crossfader,
  crossfaderCurve: 'equal-power',
  master: MIXER_DEFAULTS.master,
  phones: MIXER_DEFAULTS.phones,
  spatial: MIXER_DEFAULTS.spatial,
  cue: 'a',
};

/**
 * The two-deck DJ mixer:
 *
 *   inputA → deck A (trim → EQ → fader) → crossfader.a ┐
 *   inputB → deck B (trim → EQ → fader) → crossfader.b ┴→ master → spatial → output
 *   deck A / deck B pre-fader → cue select → phones → cueOutput (headphones)
 *
 * Decks A and B take any source each (two StreamDecks in the app, buffers in tests). `output` goes to
 * the speakers (and to a Recorder); `cueOutput` goes to a HeadphoneOutput. Every knob clamps to its range.
 * Works in an OfflineAudioContext too, for rendering.
 */
export class DjMixer extends EngineNode<DjMixerEvents> {
  static readonly defaults: DjMixerOptions = { ...DEFAULT_MIXER_SETTINGS, smoothing: 0.02, eqAutoBypass: true, clock: systemClock };

  /** Two inputs: `inputA` and `inputB`. */
  readonly input = undefined;
  readonly inputA: IGainNode<EngineContext>;
  readonly inputB: IGainNode<EngineContext>;
  readonly output: Spatial['output'];
  /** The headphone bus, after the phones level. */
  readonly cueOutput: IGainNode<EngineContext>;

  readonly deckA: DeckChannel;
  readonly deckB: DeckChannel;
  readonly crossfader: Crossfader;
  readonly spatial: Spatial;
  /** Stereo meter of what leaves `output`. */
  readonly masterMeter: LevelMeter;

  private readonly smoothing: number;
  private readonly masterGain: IGainNode<EngineContext>;
  private readonly cueA: IGainNode<EngineContext>;
  private readonly cueB: IGainNode<EngineContext>;
  private masterKnob: number;
  private phonesKnob: number;
  private cueSource: CueSource;

  constructor(context: EngineContext, options: Partial<DjMixerOptions> = {}) {
    const merged = { ...DjMixer.defaults, ...options };
    super(context, merged.clock);
    this.smoothing = merged.smoothing;
    this.masterKnob = clampKnob(merged.master, KNOBS.master);
    this.phonesKnob = clampKnob(merged.phones, KNOBS.phones);
    this.cueSource = checkCue(merged.cue);

    const deck = (volume: number, gain: number, eq: Partial<EqSettings>): DeckChannel =>
      new DeckChannel(context, {
        volume,
        gain,
        eq: { ...eq, autoBypass: merged.eqAutoBypass },
        smoothing: merged.smoothing,
        clock: merged.clock,
      });
    this.deckA = deck(merged.volumeA, merged.gainA, merged.eqA);
    this.deckB = deck(merged.volumeB, merged.gainB, merged.eqB);
    this.crossfader = new Crossfader(context, { position: merged.crossfader, curve: merged.crossfaderCurve });
    this.masterGain = this.createGain(levelToGain(this.masterKnob));
    this.spatial = new Spatial(context, { spatial: merged.spatial, smoothing: merged.smoothing });
    this.masterMeter = new LevelMeter(context);
    this.cueA = this.createGain(this.cueSource === 'a' ? 1 : 0);
    this.cueB = this.createGain(this.cueSource === 'b' ? 1 : 0);
    this.cueOutput = this.createGain(levelToGain(this.phonesKnob));
    for (const part of [this.deckA, this.deckB, this.crossfader, this.spatial, this.masterMeter]) {
      this.disposables.add(() => part.dispose());
    }

    this.inputA = this.deckA.input;
    this.inputB = this.deckB.input;
    this.deckA.output.connect(this.crossfader.a);
    this.deckB.output.connect(this.crossfader.b);
    this.crossfader.output.connect(this.masterGain).connect(this.spatial.input);
    this.output = this.spatial.output;
    this.output.connect(this.masterMeter.input);
    this.deckA.preFader.connect(this.cueA).connect(this.cueOutput);
    this.deckB.preFader.connect(this.cueB).connect(this.cueOutput);
  }

  deck(id: DeckId): DeckChannel {
    return id === 'a' ? this.deckA : this.deckB;
  }

  get master(): number {
    return this.masterKnob;
  }
  set master(knob: number) {
    this.set({ master: knob });
  }

  get phones(): number {
    return this.phonesKnob;
  }
  set phones(knob: number) {
    this.set({ phones: knob });
  }

  get cue(): CueSource {
    return this.cueSource;
  }
  set cue(source: CueSource) {
    this.set({ cue: source });
  }

  /** A snapshot of every knob. */
  get settings(): MixerSettings {
    return {
      volumeA: this.deckA.volume,
      volumeB: this.deckB.volume,
      gainA: this.deckA.gain,
      gainB: this.deckB.gain,
      eqA: this.deckA.eq.settings,
      eqB: this.deckB.eq.settings,
      crossfader: this.crossfader.position,
      crossfaderCurve: this.crossfader.curve,
      master: this.masterKnob,
      phones: this.phonesKnob,
      spatial: this.spatial.spatial,
      cue: this.cueSource,
    };
  }

  /**
   * Moves any knobs (each clamped to its range) along a ramp of `rampSeconds` (default: the mixer's
   * smoothing; the crossfader's own, shorter one for the crossfader); emits `change`.
   */
  set(values: MixerChanges, ramp?: number): void {
    this.assertLive();
    const now = this.context.currentTime;
    const rampSeconds = ramp ?? this.smoothing;
    if (values.volumeA !== undefined) this.deckA.setVolume(values.volumeA, rampSeconds);
    if (values.volumeB !== undefined) this.deckB.setVolume(values.volumeB, rampSeconds);
    if (values.gainA !== undefined) this.deckA.setGain(values.gainA, rampSeconds);
    if (values.gainB !== undefined) this.deckB.setGain(values.gainB, rampSeconds);
    if (values.eqA !== undefined) this.deckA.eq.set(values.eqA, rampSeconds);
    if (values.eqB !== undefined) this.deckB.eq.set(values.eqB, rampSeconds);
    if (values.crossfader !== undefined || values.crossfaderCurve !== undefined) {
      this.crossfader.set({ position: values.crossfader, curve: values.crossfaderCurve }, ramp);
    }
    if (values.spatial !== undefined) this.spatial.setSpatial(values.spatial, rampSeconds);
    if (values.master !== undefined) {
      this.masterKnob = clampKnob(values.master, KNOBS.master);
      rampParam(this.masterGain.gain, levelToGain(this.masterKnob), now, rampSeconds);
    }
    if (values.phones !== undefined) {
      this.phonesKnob = clampKnob(values.phones, KNOBS.phones);
      rampParam(this.cueOutput.gain, levelToGain(this.phonesKnob), now, rampSeconds);
    }
    if (values.cue !== undefined) {
      this.cueSource = checkCue(values.cue);
      rampParam(this.cueA.gain, this.cueSource === 'a' ? 1 : 0, now, rampSeconds);
      rampParam(this.cueB.gain, this.cueSource === 'b' ? 1 : 0, now, rampSeconds);
    }
    this.emit('change', this.settings);
  }
}

function checkCue(source: CueSource): CueSource {
  if (source !== 'a' && source !== 'b' && source !== 'none') throw new RangeError(`Unknown cue source "${String(source)}"`);
  return source;
}
