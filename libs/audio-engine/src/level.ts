import { gainToDb } from './decibels';

/** Peak and RMS of one block of samples, linear (1 = full scale). */
export interface Level {
  readonly peak: number;
  readonly rms: number;
}

/** A meter reading: the loudest channel's peak and RMS, in linear and dBFS, plus each channel. */
export interface LevelReading extends Level {
  readonly peakDb: number;
  readonly rmsDb: number;
  readonly channels: readonly Level[];
}

/** Peak (largest magnitude) and RMS of a block of samples; an empty block is silence. */
export function measureLevel(samples: ArrayLike<number>): Level {
  let peak = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] ?? 0;
    const magnitude = Math.abs(sample);
    if (magnitude > peak) peak = magnitude;
    sumOfSquares += sample * sample;
  }
  return { peak, rms: samples.length ? Math.sqrt(sumOfSquares / samples.length) : 0 };
}

/** Combines per-channel levels into a reading: the maximum of each figure across channels. */
export function toReading(channels: readonly Level[]): LevelReading {
  const peak = Math.max(0, ...channels.map((channel) => channel.peak));
  const rms = Math.max(0, ...channels.map((channel) => channel.rms));
  return { peak, rms, peakDb: gainToDb(peak), rmsDb: gainToDb(rms), channels };
}
