// Signal measurements run inside the page, next to the rendered buffers (no large arrays cross to node).

/** A buffer holding a sine per channel (frequency, amplitude); channels without a spec stay silent. */
export function toneBuffer(
  context: { createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer; readonly sampleRate: number },
  seconds: number,
  channels: ReadonlyArray<ReadonlyArray<{ readonly frequency: number; readonly amplitude: number }>>,
): AudioBuffer {
  const { sampleRate } = context;
  const buffer = context.createBuffer(channels.length, Math.round(seconds * sampleRate), sampleRate);
  channels.forEach((tones, channel) => {
    const data = buffer.getChannelData(channel);
    for (let i = 0; i < data.length; i++) {
      let sample = 0;
      for (const { frequency, amplitude } of tones) sample += amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
      data[i] = sample;
    }
  });
  return buffer;
}

/** Deterministic white noise (a linear congruential generator), so renders repeat exactly. */
export function noiseBuffer(
  context: { createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer; readonly sampleRate: number },
  seconds: number,
  channels: number,
  amplitude = 0.5,
  seed = 1,
): AudioBuffer {
  const buffer = context.createBuffer(channels, Math.round(seconds * context.sampleRate), context.sampleRate);
  let state = seed >>> 0;
  for (let channel = 0; channel < channels; channel++) {
    const data = buffer.getChannelData(channel);
    for (let i = 0; i < data.length; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      data[i] = amplitude * (state / 2 ** 31 - 1);
    }
  }
  return buffer;
}

/** Amplitude of one frequency component over [from, to) seconds (Goertzel, Hann-windowed, amplitude-corrected). */
export function toneAmplitude(samples: Float32Array, sampleRate: number, frequency: number, from: number, to: number): number {
  const start = Math.round(from * sampleRate);
  const end = Math.min(samples.length, Math.round(to * sampleRate));
  const n = end - start;
  const omega = (2 * Math.PI * frequency) / sampleRate;
  let re = 0;
  let im = 0;
  let windowSum = 0;
  for (let i = 0; i < n; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
    const x = (samples[start + i] ?? 0) * w;
    re += x * Math.cos(omega * (start + i));
    im -= x * Math.sin(omega * (start + i));
    windowSum += w;
  }
  return (2 * Math.hypot(re, im)) / windowSum;
}

export function rms(samples: Float32Array, sampleRate: number, from: number, to: number): number {
  const start = Math.round(from * sampleRate);
  const end = Math.min(samples.length, Math.round(to * sampleRate));
  let sum = 0;
  for (let i = start; i < end; i++) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, end - start));
}

export function db(ratio: number): number {
  return 20 * Math.log10(ratio);
}

/** Largest |a[i] - b[i]| over the common length. */
export function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  let max = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

/** Frequency from upward zero crossings, interpolated between samples, over the whole signal. */
export function zeroCrossingFrequency(samples: Float32Array, sampleRate: number): number {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] ?? 0;
    const b = samples[i] ?? 0;
    if (a < 0 && b >= 0) {
      const t = i - 1 + a / (a - b);
      if (first < 0) first = t;
      else count++;
      last = t;
    }
  }
  return count > 0 ? (count * sampleRate) / (last - first) : 0;
}

/** The span [start, end) in seconds where |x| exceeds `threshold` (the audible part of a recording). */
export function audibleSpan(samples: Float32Array, sampleRate: number, threshold: number): { start: number; end: number } {
  let start = -1;
  let end = -1;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i] ?? 0) > threshold) {
      if (start < 0) start = i;
      end = i + 1;
    }
  }
  return start < 0 ? { start: 0, end: 0 } : { start: start / sampleRate, end: end / sampleRate };
}
