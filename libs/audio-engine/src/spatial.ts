import { type IGainNode } from 'standardized-audio-context';
import { type EngineAudioNode, type EngineContext } from './context';
import { EngineNode } from './engine-node';
import { KNOBS, clampKnob } from './knobs';
import { rampParam } from './ramp';
import { spatialToWidth, widthMatrix } from './stereo-width';

export interface SpatialOptions {
  /** 0 = mono, 50 = unchanged, 100 = twice the side signal. */
  readonly spatial: number;
  readonly smoothing: number;
}

/**
 * Stereo width on the mid/side picture (see stereo-width.ts): a 2×2 matrix of gains between a channel
 * splitter and a merger. At 50 the matrix is the identity, so the signal passes sample for sample;
 * below 50 the side signal shrinks toward mono, above it grows. Mono input is treated as L = R.
 */
export class Spatial extends EngineNode {
  static readonly defaults: SpatialOptions = { spatial: KNOBS.spatial.default, smoothing: 0.03 };

  readonly input: IGainNode<EngineContext>;
  readonly output: EngineAudioNode;

  private readonly smoothing: number;
  private readonly direct: readonly IGainNode<EngineContext>[];
  private readonly cross: readonly IGainNode<EngineContext>[];
  private knob: number;

  constructor(context: EngineContext, options: Partial<SpatialOptions> = {}) {
    super(context);
    const merged = { ...Spatial.defaults, ...options };
    this.smoothing = merged.smoothing;
    this.knob = clampKnob(merged.spatial, KNOBS.spatial);
    const matrix = widthMatrix(spatialToWidth(this.knob));

    this.input = this.createGain();
    this.input.channelCount = 2;
    this.input.channelCountMode = 'explicit';
    this.input.channelInterpretation = 'speakers';
    const splitter = this.createSplitter(2);
    const merger = this.createMerger(2);
    this.output = merger;
    this.input.connect(splitter);
    // direct[i]: channel i → output i; cross[i]: channel i → the other output.
    this.direct = [0, 1].map((channel) => {
      const gain = this.createGain(matrix.direct);
      splitter.connect(gain, channel);
      gain.connect(merger, 0, channel);
      return gain;
    });
    this.cross = [0, 1].map((channel) => {
      const gain = this.createGain(matrix.cross);
      splitter.connect(gain, channel);
      gain.connect(merger, 0, 1 - channel);
      return gain;
    });
  }

  get spatial(): number {
    return this.knob;
  }
  set spatial(knob: number) {
    this.setSpatial(knob);
  }

  setSpatial(knob: number, rampSeconds = this.smoothing): void {
    this.assertLive();
    this.knob = clampKnob(knob, KNOBS.spatial);
    const matrix = widthMatrix(spatialToWidth(this.knob));
    const now = this.context.currentTime;
    for (const gain of this.direct) rampParam(gain.gain, matrix.direct, now, rampSeconds);
    for (const gain of this.cross) rampParam(gain.gain, matrix.cross, now, rampSeconds);
  }
}
