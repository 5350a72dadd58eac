// Scenes the signal tests render in an OfflineAudioContext (standardized-audio-context's), measured here
// in the page so only a few numbers travel back to the test.
import { OfflineAudioContext } from 'standardized-audio-context';
import { DjMixer, type DjMixerOptions, type MixerChanges, Spatial, ThreeBandEq, type ThreeBandEqOptions } from '../../src/index';
import { maxAbsDiff, noiseBuffer, rms, toneAmplitude, toneBuffer } from './measure';

const SAMPLE_RATE = 48_000;
/** Measure after the filters and any ramps have settled. */
const FROM = 0.25;

function offline(seconds: number): InstanceType<typeof OfflineAudioContext> {
  return new OfflineAudioContext({ numberOfChannels: 2, length: Math.round(seconds * SAMPLE_RATE), sampleRate: SAMPLE_RATE });
}

function play(context: InstanceType<typeof OfflineAudioContext>, buffer: AudioBuffer): ReturnType<typeof context.createBufferSource> {
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.start(0);
  return source;
}

export interface MixerLevels {
  /** Amplitude of deck A's 440 Hz tone and deck B's 1 kHz tone in each output channel. */
  readonly a: readonly [number, number];
  readonly b: readonly [number, number];
}

/**
 * Deck A plays 440 Hz, deck B 1 kHz (both 0.5 full scale, stereo) through a DjMixer built with `options`,
 * then moved with `changes` (the knob path a UI uses) before rendering.
 */
export async function renderMixer(options: Partial<DjMixerOptions>, changes: MixerChanges = {}, seconds = 1): Promise<MixerLevels> {
  const context = offline(seconds);
  const mixer = new DjMixer(context, { smoothing: 0, ...options });
  mixer.set(changes, 0);
  const tone = (frequency: number): AudioBuffer =>
    toneBuffer(context as unknown as BaseAudioContext, seconds, [[{ frequency, amplitude: 0.5 }], [{ frequency, amplitude: 0.5 }]]);
  play(context, tone(440)).connect(mixer.inputA);
  play(context, tone(1000)).connect(mixer.inputB);
  mixer.toDestination();
  const rendered = await context.startRendering();
  mixer.dispose();
  const level = (channel: number, frequency: number): number => toneAmplitude(rendered.getChannelData(channel), SAMPLE_RATE, frequency, FROM, seconds);
  return { a: [level(0, 440), level(1, 440)], b: [level(0, 1000), level(1, 1000)] };
}

export interface EqLevels {
  /** Per test frequency: amplitude at the input and at the output (left channel). */
  readonly tones: ReadonlyArray<{ readonly frequency: number; readonly input: number; readonly output: number }>;
  /** Largest sample difference between input and output (both channels). */
  readonly maxDiff: number;
  readonly engaged: boolean;
}

/** A sum of sines (0.2 full scale each, stereo) through a ThreeBandEq with these options. */
export async function renderEq(options: Partial<ThreeBandEqOptions>, frequencies: readonly number[], seconds = 1): Promise<EqLevels> {
  const context = offline(seconds);
  const eq = new ThreeBandEq(context, { smoothing: 0, ...options });
  const spec = frequencies.map((frequency) => ({ frequency, amplitude: 0.2 }));
  const input = toneBuffer(context as unknown as BaseAudioContext, seconds, [spec, spec]);
  play(context, input).connect(eq.input);
  eq.toDestination();
  const engaged = eq.engaged;
  const rendered = await context.startRendering();
  eq.dispose();
  const tones = frequencies.map((frequency) => ({
    frequency,
    input: toneAmplitude(input.getChannelData(0), SAMPLE_RATE, frequency, FROM, seconds),
    output: toneAmplitude(rendered.getChannelData(0), SAMPLE_RATE, frequency, FROM, seconds),
  }));
  const maxDiff = Math.max(
    maxAbsDiff(input.getChannelData(0), rendered.getChannelData(0)),
    maxAbsDiff(input.getChannelData(1), rendered.getChannelData(1)),
  );
  return { tones, maxDiff, engaged };
}

export interface SpatialResult {
  /** Largest |output - input| per channel. */
  readonly maxDiff: readonly [number, number];
  /** Largest |L - R| of the output. */
  readonly maxSideDiff: number;
  /** RMS of the side signal (L - R) out over in, and of the mid signal (L + R). */
  readonly sideRatio: number;
  readonly midRatio: number;
}

/** Different programmes left and right (tone + noise) through a Spatial at `knob`. */
export async function renderSpatial(knob: number, seconds = 0.5): Promise<SpatialResult> {
  const context = offline(seconds);
  const spatial = new Spatial(context, { spatial: knob, smoothing: 0 });
  const base = context as unknown as BaseAudioContext;
  const input = toneBuffer(base, seconds, [[{ frequency: 440, amplitude: 0.3 }], [{ frequency: 1250, amplitude: 0.2 }]]);
  const noise = noiseBuffer(base, seconds, 2, 0.2, 5);
  for (let channel = 0; channel < 2; channel++) {
    const data = input.getChannelData(channel);
    const extra = noise.getChannelData(channel);
    for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) + (extra[i] ?? 0);
  }
  play(context, input).connect(spatial.input);
  spatial.toDestination();
  const rendered = await context.startRendering();
  spatial.dispose();
  const [inL, inR] = [input.getChannelData(0), input.getChannelData(1)];
  const [outL, outR] = [rendered.getChannelData(0), rendered.getChannelData(1)];
  const combine = (l: Float32Array, r: Float32Array, sign: 1 | -1): Float32Array => l.map((value, i) => value + sign * (r[i] ?? 0));
  const side = (l: Float32Array, r: Float32Array): number => rms(combine(l, r, -1), SAMPLE_RATE, 0, seconds);
  const mid = (l: Float32Array, r: Float32Array): number => rms(combine(l, r, 1), SAMPLE_RATE, 0, seconds);
  return {
    maxDiff: [maxAbsDiff(inL, outL), maxAbsDiff(inR, outR)],
    maxSideDiff: maxAbsDiff(outL, outR),
    sideRatio: side(outL, outR) / side(inL, inR),
    midRatio: mid(outL, outR) / mid(inL, inR),
  };
}
