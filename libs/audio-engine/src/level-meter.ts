import { type IAnalyserNode } from 'standardized-audio-context';
import { type EngineAudioNode, type EngineContext } from './context';
import { EngineNode } from './engine-node';
import { type Level, type LevelReading, measureLevel, toReading } from './level';

export interface LevelMeterOptions {
  /** 1: one reading of the mono sum; 2: left and right separately (the peak is the louder one). */
  readonly channels: 1 | 2;
  /** Samples per reading (the analysis window), a power of two from 32 to 32768. */
  readonly fftSize: number;
}

/**
 * A peak and RMS meter. It only listens: connect a signal to `input`; there is no output. Each call to
 * `read()` measures the latest `fftSize` samples (2048 ≈ 43 ms at 48 kHz), so a UI can poll it once per
 * animation frame and apply its own ballistics.
 */
export class LevelMeter extends EngineNode {
  static readonly defaults: LevelMeterOptions = { channels: 2, fftSize: 2048 };

  readonly input: EngineAudioNode;
  readonly output = undefined;

  private readonly analysers: readonly IAnalyserNode<EngineContext>[];
  private readonly buffer: Float32Array<ArrayBuffer>;

  constructor(context: EngineContext, options: Partial<LevelMeterOptions> = {}) {
    super(context);
    const { channels, fftSize } = { ...LevelMeter.defaults, ...options };
    if (channels === 1) {
      const analyser = this.createAnalyser(fftSize);
      this.input = analyser;
      this.analysers = [analyser];
    } else {
      const splitter = this.createSplitter(2);
      // A splitter's channel count is fixed at its outputs ("explicit", speakers), so a mono source is
      // up-mixed and both meters move.
      this.analysers = [0, 1].map((channel) => {
        const analyser = this.createAnalyser(fftSize);
        splitter.connect(analyser, channel);
        return analyser;
      });
      this.input = splitter;
    }
    this.buffer = new Float32Array(fftSize);
  }

  /** The level of the latest window: the loudest channel's peak and RMS, and each channel's. */
  read(): LevelReading {
    this.assertLive();
    const channels: Level[] = this.analysers.map((analyser) => {
      analyser.getFloatTimeDomainData(this.buffer);
      return measureLevel(this.buffer);
    });
    return toReading(channels);
  }
}
