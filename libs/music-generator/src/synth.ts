import type { Random } from './random';

/** A sine by table lookup: the same numbers on every run (Math.sin's last digits may differ between engines). */
const TABLE_SIZE = 4096;
const SINE = new Float32Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) SINE[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);

export function sine(phase: number): number {
  const x = (phase - Math.floor(phase)) * TABLE_SIZE;
  const i = x | 0;
  return SINE[i] + (SINE[i + 1] - SINE[i]) * (x - i);
}

/** The frequency of a MIDI note. */
export function frequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** A polynomial soft clip (no Math.tanh): linear near zero, flat at ±1. */
export function softClip(x: number): number {
  if (x <= -1.5) return -1;
  if (x >= 1.5) return 1;
  return x - (4 / 27) * x * x * x;
}

/** A decaying envelope: `exp(-t/decay)` by repeated multiplication, with a 3 ms attack against clicks. */
function envelope(length: number, sampleRate: number, decaySeconds: number): Float32Array {
  const out = new Float32Array(length);
  const factor = 1 - 1 / (decaySeconds * sampleRate);
  const attack = Math.max(1, Math.floor(0.003 * sampleRate));
  let level = 1;
  for (let i = 0; i < length; i++) {
    out[i] = (i < attack ? i / attack : 1) * level;
    level *= factor;
  }
  return out;
}

/** The drum kit, rendered once per track as one-shot samples that the pattern mixes in. */
export interface DrumKit {
  kick: Float32Array;
  snare: Float32Array;
  hat: Float32Array;
  crash: Float32Array;
}

export function drumKit(sampleRate: number, random: Random): DrumKit {
  const kickLength = Math.floor(0.4 * sampleRate);
  const kick = new Float32Array(kickLength);
  const kickEnv = envelope(kickLength, sampleRate, 0.12);
  let phase = 0;
  for (let i = 0; i < kickLength; i++) {
    const t = i / sampleRate;
    const f = 45 + 75 / (1 + t * 40);
    phase += f / sampleRate;
    kick[i] = sine(phase) * kickEnv[i] * 1.1;
  }
  const snareLength = Math.floor(0.3 * sampleRate);
  const snare = new Float32Array(snareLength);
  const noiseEnv = envelope(snareLength, sampleRate, 0.07);
  const toneEnv = envelope(snareLength, sampleRate, 0.05);
  let last = 0;
  phase = 0;
  for (let i = 0; i < snareLength; i++) {
    const noise = random.between(-1, 1);
    // A first difference: the noise loses its lows, as a snare's wires do.
    const bright = noise - last * 0.6;
    last = noise;
    phase += 190 / sampleRate;
    snare[i] = bright * noiseEnv[i] * 0.7 + sine(phase) * toneEnv[i] * 0.5;
  }
  const hatLength = Math.floor(0.06 * sampleRate);
  const hat = new Float32Array(hatLength);
  const hatEnv = envelope(hatLength, sampleRate, 0.015);
  last = 0;
  for (let i = 0; i < hatLength; i++) {
    const noise = random.between(-1, 1);
    hat[i] = (noise - last) * 0.5 * hatEnv[i] * 0.35;
    last = noise;
  }
  const crashLength = Math.floor(1.6 * sampleRate);
  const crash = new Float32Array(crashLength);
  const crashEnv = envelope(crashLength, sampleRate, 0.5);
  last = 0;
  for (let i = 0; i < crashLength; i++) {
    const noise = random.between(-1, 1);
    crash[i] = (noise - last * 0.9) * crashEnv[i] * 0.25;
    last = noise;
  }
  return { kick, snare, hat, crash };
}

/** Adds `sample` into `into` at `at`, scaled; whatever runs past the end is dropped. */
export function mixIn(into: Float32Array, sample: Float32Array, at: number, gain: number): void {
  const end = Math.min(into.length, at + sample.length);
  for (let i = Math.max(0, at); i < end; i++) into[i] += sample[i - at] * gain;
}

export interface NoteOptions {
  midi: number;
  start: number;
  length: number;
  gain: number;
  /** Seconds for the level to fall by 1/e (short for palm mutes and plucked bass). */
  decay: number;
}

/**
 * A bass note: a sawtooth through a one-pole low-pass (its brightness set by `cutoff` in Hz), with a little
 * square under it for weight.
 */
export function bassNote(into: Float32Array, sampleRate: number, note: NoteOptions, cutoff = 900): void {
  const f = frequency(note.midi) / sampleRate;
  const a = Math.min(1, (2 * Math.PI * cutoff) / sampleRate);
  const end = Math.min(into.length, note.start + note.length);
  const factor = 1 - 1 / (note.decay * sampleRate);
  let level = note.gain;
  let phase = 0;
  let lp = 0;
  for (let i = note.start; i < end; i++) {
    phase += f;
    if (phase >= 1) phase -= 1;
    const raw = (phase * 2 - 1) * 0.7 + (phase < 0.5 ? 0.3 : -0.3);
    lp += a * (raw - lp);
    const tail = end - i < 200 ? (end - i) / 200 : 1;
    into[i] += lp * level * tail;
    level *= factor;
  }
}

/**
 * A distorted power chord (root, fifth, octave), two slightly detuned saws per string, driven into the soft clip
 * and through a one-pole "cabinet" low-pass.
 */
export function powerChord(into: Float32Array, sampleRate: number, note: NoteOptions, drive: number, detune: number, cab: number): void {
  const strings = [note.midi, note.midi + 7, note.midi + 12];
  const increments: number[] = [];
  for (const midi of strings) {
    const f = frequency(midi) / sampleRate;
    increments.push(f * (1 + detune), f * (1 - detune));
  }
  const phases = increments.map((_, k) => (k * 0.137) % 1);
  const a = Math.min(1, (2 * Math.PI * cab) / sampleRate);
  const end = Math.min(into.length, note.start + note.length);
  const factor = 1 - 1 / (note.decay * sampleRate);
  let level = 1;
  let lp = 0;
  for (let i = note.start; i < end; i++) {
    let sum = 0;
    for (let k = 0; k < increments.length; k++) {
      let p = phases[k] + increments[k];
      if (p >= 1) p -= 1;
      phases[k] = p;
      sum += p * 2 - 1;
    }
    const driven = softClip((sum / increments.length) * drive * (0.6 + 0.4 * level) * 1.6);
    lp += a * (driven - lp);
    const tail = end - i < 300 ? (end - i) / 300 : 1;
    into[i] += lp * note.gain * tail;
    level *= factor;
  }
}

/** A lead note: a bright square-ish wave with vibrato, softly clipped. */
export function leadNote(into: Float32Array, sampleRate: number, note: NoteOptions): void {
  const f = frequency(note.midi) / sampleRate;
  const vibrato = 5.5 / sampleRate;
  const end = Math.min(into.length, note.start + note.length);
  const factor = 1 - 1 / (note.decay * sampleRate);
  let level = note.gain;
  let phase = 0;
  let vPhase = 0;
  let lp = 0;
  const a = Math.min(1, (2 * Math.PI * 3000) / sampleRate);
  for (let i = note.start; i < end; i++) {
    vPhase += vibrato;
    const depth = i - note.start > sampleRate * 0.15 ? 0.004 : 0;
    phase += f * (1 + depth * sine(vPhase));
    if (phase >= 1) phase -= 1;
    const raw = softClip((phase < 0.5 ? 1 : -1) * 0.8 + (phase * 2 - 1) * 0.4);
    lp += a * (raw - lp);
    const tail = end - i < 300 ? (end - i) / 300 : 1;
    into[i] += lp * level * tail;
    level *= factor;
  }
}
