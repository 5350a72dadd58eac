import { type IGainNode } from 'standardized-audio-context';
import { type EngineContext } from './context';
import { type CrossfaderCurve, crossfaderGains, crossfaderPosition, isCrossfaderCurve } from './crossfader-curves';
import { EngineNode } from './engine-node';
import { KNOBS, clampKnob } from './knobs';
import { rampParam } from './ramp';

export interface CrossfaderOptions {
  /** 0 = deck A only, 50 = centre, 100 = deck B only. */
  readonly position: number;
  readonly curve: CrossfaderCurve;
  /** Ramp time of a move, seconds; short, so cuts stay sharp but never click. */
  readonly smoothing: number;
}

/**
 * Blends two inputs, `a` and `b`, into `output` by a curve. Two inputs, so `input` is undefined:
 * connect deck A to `a` and deck B to `b`.
 */
export class Crossfader extends EngineNode {
  static readonly defaults: CrossfaderOptions = { position: KNOBS.crossfader.default, curve: 'equal-power', smoothing: 0.005 };

  readonly input = undefined;
  readonly a: IGainNode<EngineContext>;
  readonly b: IGainNode<EngineContext>;
  readonly output: IGainNode<EngineContext>;

  private readonly smoothing: number;
  private knob: number;
  private law: CrossfaderCurve;

  constructor(context: EngineContext, options: Partial<CrossfaderOptions> = {}) {
    super(context);
    const merged = { ...Crossfader.defaults, ...options };
    if (!isCrossfaderCurve(merged.curve)) throw new RangeError(`Unknown crossfader curve "${String(merged.curve)}"`);
    this.smoothing = merged.smoothing;
    this.knob = clampKnob(merged.position, KNOBS.crossfader);
    this.law = merged.curve;
    const gains = crossfaderGains(crossfaderPosition(this.knob), this.law);
    this.a = this.createGain(gains.a);
    this.b = this.createGain(gains.b);
    this.output = this.createGain();
    this.a.connect(this.output);
    this.b.connect(this.output);
  }

  get position(): number {
    return this.knob;
  }
  set position(knob: number) {
    this.set({ position: knob });
  }

  get curve(): CrossfaderCurve {
    return this.law;
  }
  set curve(curve: CrossfaderCurve) {
    this.set({ curve });
  }

  set(values: Partial<Pick<CrossfaderOptions, 'position' | 'curve'>>, rampSeconds = this.smoothing): void {
    this.assertLive();
    if (values.curve !== undefined && !isCrossfaderCurve(values.curve)) {
      throw new RangeError(`Unknown crossfader curve "${String(values.curve)}"`);
    }
    if (values.position !== undefined) this.knob = clampKnob(values.position, KNOBS.crossfader);
    if (values.curve !== undefined) this.law = values.curve;
    const gains = crossfaderGains(crossfaderPosition(this.knob), this.law);
    const now = this.context.currentTime;
    rampParam(this.a.gain, gains.a, now, rampSeconds);
    rampParam(this.b.gain, gains.b, now, rampSeconds);
  }
}
