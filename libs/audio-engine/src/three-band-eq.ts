import { type IGainNode } from 'standardized-audio-context';
import { type Clock, systemClock } from './clock';
import { EQ_CROSSOVERS } from './constants';
import { type EngineAudioNode, type EngineContext } from './context';
import { EngineNode } from './engine-node';
import { eqKnobToGain } from './gain-laws';
import { KNOBS, clampKnob } from './knobs';
import { rampParam, scheduleRamp } from './ramp';

export type EqBand = 'low' | 'mid' | 'high';

/** EQ knob positions, each -50..50 (0 flat, -50 kill, 50 +6 dB). */
export interface EqSettings {
  readonly low: number;
  readonly mid: number;
  readonly high: number;
}

export interface ThreeBandEqOptions extends EqSettings {
  /** Crossover between low and mid, Hz. */
  readonly lowFrequency: number;
  /** Crossover between mid and high, Hz. */
  readonly highFrequency: number;
  /** Ramp time of a knob move, seconds. */
  readonly smoothing: number;
  /**
   * Switch the filters out of the path while every band is at centre (a flat isolator is an all-pass,
   * so listening is the same, and the six filters cost nothing). On by default.
   */
  readonly autoBypass: boolean;
  /** How long all bands must rest at centre before the filters are switched out, seconds. */
  readonly bypassDelay: number;
  /** Crossfade between the straight path and the filtered path, seconds. */
  readonly crossfade: number;
  readonly clock: Clock;
}

type Routing = 'bypassed' | 'engaged' | 'releasing';

/**
 * Butterworth Q (1/√2). Web Audio reads the Q of its lowpass and highpass filters in dB (and that of
 * allpass filters as a plain number), so the same Q is -3.01 for those two types.
 */
export const BUTTERWORTH_Q_DB = 20 * Math.log10(Math.SQRT1_2);

/** Filters keep ringing briefly after their input stops; let them settle before unhooking them. */
const FLUSH_SECONDS = 0.1;
/** How often a pending release checks the audio clock, ms. */
const RELEASE_POLL_MS = 50;

/**
 * A 3-band isolator EQ (low / mid / high) with a full kill on each band.
 *
 * The bands come from 4th-order Linkwitz-Riley crossovers (near 250 Hz and 4 kHz), built from six
 * biquads per channel with the identity LP² + HP² = AP (the LR4 low- and high-pass sum to a 2nd-order
 * all-pass with Q = 1/√2):
 *   low  = LP(250)²(x)
 *   rest = AP(250)(x) - low            (= HP(250)²(x), without two more filters)
 *   out  = gLow·low + gMid·AP(4k)(rest) + (gHigh - gMid)·HP(4k)²(rest)
 * which equals gLow·low + gMid·mid + gHigh·high with mid = LP(4k)²(rest), high = HP(4k)²(rest).
 * A killed low band therefore leaves |HP_LR4(250)|: -49 dB at 60 Hz and -0.02 dB at 1 kHz.
 */
export class ThreeBandEq extends EngineNode {
  static readonly defaults: ThreeBandEqOptions = {
    low: KNOBS.eq.default,
    mid: KNOBS.eq.default,
    high: KNOBS.eq.default,
    lowFrequency: EQ_CROSSOVERS.lowHz,
    highFrequency: EQ_CROSSOVERS.highHz,
    smoothing: 0.03,
    autoBypass: true,
    bypassDelay: 0.5,
    crossfade: 0.03,
    clock: systemClock,
  };

  readonly input: IGainNode<EngineContext>;
  readonly output: IGainNode<EngineContext>;

  private readonly options: ThreeBandEqOptions;
  private readonly dry: IGainNode<EngineContext>;
  private readonly wetIn: IGainNode<EngineContext>;
  private readonly wetOut: IGainNode<EngineContext>;
  private readonly lowGain: IGainNode<EngineContext>;
  private readonly midGain: IGainNode<EngineContext>;
  private readonly highGain: IGainNode<EngineContext>;
  private bands: EqSettings;
  private routing: Routing;
  private readonly wetEdges: ReadonlyArray<readonly [EngineAudioNode, EngineAudioNode]>;
  private wetWired = false;
  private wetInConnected = false;
  private wetOutConnected = false;
  private releaseEnd = 0;
  private flushEnd: number | undefined;
  private cancelReleasePoll: (() => void) | undefined;

  constructor(context: EngineContext, options: Partial<ThreeBandEqOptions> = {}) {
    const merged = { ...ThreeBandEq.defaults, ...options };
    super(context, merged.clock);
    this.options = merged;
    this.bands = { low: clampKnob(merged.low, KNOBS.eq), mid: clampKnob(merged.mid, KNOBS.eq), high: clampKnob(merged.high, KNOBS.eq) };

    this.input = this.createGain();
    this.output = this.createGain();
    this.dry = this.createGain(0);
    this.wetIn = this.createGain();
    this.wetOut = this.createGain(0);
    const lowpass1 = this.createBiquad('lowpass', merged.lowFrequency, BUTTERWORTH_Q_DB);
    const lowpass2 = this.createBiquad('lowpass', merged.lowFrequency, BUTTERWORTH_Q_DB);
    const allpassLow = this.createBiquad('allpass', merged.lowFrequency, Math.SQRT1_2);
    const negate = this.createGain(-1);
    const allpassHigh = this.createBiquad('allpass', merged.highFrequency, Math.SQRT1_2);
    const highpass1 = this.createBiquad('highpass', merged.highFrequency, BUTTERWORTH_Q_DB);
    const highpass2 = this.createBiquad('highpass', merged.highFrequency, BUTTERWORTH_Q_DB);
    this.lowGain = this.createGain();
    this.midGain = this.createGain();
    this.highGain = this.createGain();

    this.input.connect(this.dry).connect(this.output);
    // The filtered path, wired only while the filters are switched in.
    this.wetEdges = [
      [this.wetIn, lowpass1],
      [lowpass1, lowpass2],
      [lowpass2, this.lowGain],
      [this.lowGain, this.wetOut],
      [this.wetIn, allpassLow],
      [lowpass2, negate],
      [allpassLow, allpassHigh],
      [allpassLow, highpass1],
      [negate, allpassHigh],
      [negate, highpass1],
      [allpassHigh, this.midGain],
      [this.midGain, this.wetOut],
      [highpass1, highpass2],
      [highpass2, this.highGain],
      [this.highGain, this.wetOut],
    ];

    this.applyBandGains(0);
    const engaged = !merged.autoBypass || !this.isFlat();
    this.routing = engaged ? 'engaged' : 'bypassed';
    if (engaged) this.connectWet();
    this.dry.gain.value = engaged ? 0 : 1;
    this.wetOut.gain.value = engaged ? 1 : 0;
  }

  get low(): number {
    return this.bands.low;
  }
  set low(knob: number) {
    this.set({ low: knob });
  }
  get mid(): number {
    return this.bands.mid;
  }
  set mid(knob: number) {
    this.set({ mid: knob });
  }
  get high(): number {
    return this.bands.high;
  }
  set high(knob: number) {
    this.set({ high: knob });
  }

  get settings(): EqSettings {
    return { ...this.bands };
  }

  /** Whether the filters are in the signal path (false while bypassed at centre). */
  get engaged(): boolean {
    return this.routing !== 'bypassed';
  }

  /** Moves any of the bands (each clamped to -50..50) along a ramp of `rampSeconds`. */
  set(values: Partial<EqSettings>, rampSeconds = this.options.smoothing): void {
    this.assertLive();
    this.bands = {
      low: values.low === undefined ? this.bands.low : clampKnob(values.low, KNOBS.eq),
      mid: values.mid === undefined ? this.bands.mid : clampKnob(values.mid, KNOBS.eq),
      high: values.high === undefined ? this.bands.high : clampKnob(values.high, KNOBS.eq),
    };
    this.applyBandGains(rampSeconds);
    if (!this.options.autoBypass) return;
    if (!this.isFlat()) this.engage();
    else if (this.routing === 'engaged') this.release(rampSeconds);
  }

  private isFlat(): boolean {
    return this.bands.low === 0 && this.bands.mid === 0 && this.bands.high === 0;
  }

  private applyBandGains(rampSeconds: number): void {
    const now = this.context.currentTime;
    const mid = eqKnobToGain(this.bands.mid);
    rampParam(this.lowGain.gain, eqKnobToGain(this.bands.low), now, rampSeconds);
    rampParam(this.midGain.gain, mid, now, rampSeconds);
    rampParam(this.highGain.gain, eqKnobToGain(this.bands.high) - mid, now, rampSeconds);
  }

  private connectWet(): void {
    if (!this.wetWired) for (const [from, to] of this.wetEdges) from.connect(to);
    this.wetWired = true;
    if (!this.wetInConnected) this.input.connect(this.wetIn);
    if (!this.wetOutConnected) this.wetOut.connect(this.output);
    this.wetInConnected = true;
    this.wetOutConnected = true;
  }

  private engage(): void {
    this.stopReleasePoll();
    if (this.routing === 'engaged') return;
    this.connectWet();
    const now = this.context.currentTime;
    rampParam(this.wetOut.gain, 1, now, this.options.crossfade);
    rampParam(this.dry.gain, 0, now, this.options.crossfade);
    this.routing = 'engaged';
  }

  /** Back to the straight path: after the band ramps and the bypass delay, crossfade, then unhook. */
  private release(rampSeconds: number): void {
    const now = this.context.currentTime;
    const start = now + Math.max(rampSeconds, this.options.bypassDelay);
    const { crossfade } = this.options;
    // Let any engaging ramp finish, hold, then fade over (scheduled on the audio clock).
    rampParam(this.wetOut.gain, 1, now, Math.min(crossfade, start - now));
    rampParam(this.dry.gain, 0, now, Math.min(crossfade, start - now));
    scheduleRamp(this.wetOut.gain, 1, 0, start, crossfade);
    scheduleRamp(this.dry.gain, 0, 1, start, crossfade);
    this.routing = 'releasing';
    this.releaseEnd = start + crossfade;
    this.flushEnd = undefined;
    this.pollRelease();
  }

  private pollRelease(): void {
    this.cancelReleasePoll = this.timers.timeout(() => {
      this.cancelReleasePoll = undefined;
      if (this.routing !== 'releasing') return;
      const now = this.context.currentTime;
      if (this.flushEnd === undefined && now >= this.releaseEnd) {
        // The filtered path is silent now: stop feeding it and let the filters ring out.
        this.input.disconnect(this.wetIn);
        this.wetInConnected = false;
        this.flushEnd = now + FLUSH_SECONDS;
      }
      if (this.flushEnd !== undefined && now >= this.flushEnd) {
        // Silent and settled: unwire the whole filtered path, so a flat EQ costs three gain nodes.
        this.wetOut.disconnect(this.output);
        for (const node of new Set(this.wetEdges.map(([from]) => from))) node.disconnect();
        this.wetOutConnected = false;
        this.wetWired = false;
        this.routing = 'bypassed';
        return;
      }
      this.pollRelease();
    }, RELEASE_POLL_MS);
  }

  private stopReleasePoll(): void {
    this.cancelReleasePoll?.();
    this.cancelReleasePoll = undefined;
  }
}

