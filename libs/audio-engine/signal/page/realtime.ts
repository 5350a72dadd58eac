// Real-time scenes: a RadioPlayer in a running AudioContext plays the served test tone through its
// stream deck (a real HTMLAudioElement), so the element path, the volume and the recorder are exercised.
import { AudioContext } from 'standardized-audio-context';
import { HeadphoneOutput, type HeadphoneStatus, LevelMeter, RadioPlayer, type RadioPlayerOptions, type RecordingChunk } from '../../src/index';
import { audibleSpan, zeroCrossingFrequency } from './measure';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function startTone(url: string, options: Partial<RadioPlayerOptions> = {}): Promise<{ context: AudioContext; player: RadioPlayer }> {
  const context = new AudioContext({ sampleRate: 48_000 });
  const player = new RadioPlayer(context, options);
  player.toDestination();
  await player.deck.switchStation({ id: 'tone', url, name: 'Tone FM' });
  await until(() => player.deck.playing, 5000, 'the test tone to play');
  return { context, player };
}

export interface RecordingCheck {
  readonly requestedSeconds: number;
  readonly decodedSeconds: number;
  readonly audibleSeconds: number;
  readonly frequency: number;
  readonly fileName: string;
  readonly mimeType: string;
  readonly chunks: number;
  readonly chunkIndexes: readonly number[];
}

/** Records `seconds` of the playing tone, stops, and decodes the file back. */
export async function recordTone(url: string, seconds: number): Promise<RecordingCheck> {
  const chunks: RecordingChunk[] = [];
  const { context, player } = await startTone(url, { deck: { volume: 100 }, recorder: { onChunk: (chunk) => void chunks.push(chunk) } });
  try {
    if (!player.recorder.start('Tone FM')) throw new Error('The recorder did not start');
    const started = performance.now();
    await sleep(seconds * 1000);
    const recording = await player.recorder.stop();
    const requestedSeconds = (performance.now() - started) / 1000;
    if (!recording) throw new Error('No recording');
    const decoded = await context.decodeAudioData(await recording.blob.arrayBuffer());
    const samples = decoded.getChannelData(0);
    const span = audibleSpan(samples, decoded.sampleRate, 0.05);
    const steady = samples.subarray(Math.round((span.start + 0.1) * decoded.sampleRate), Math.round((span.end - 0.1) * decoded.sampleRate));
    return {
      requestedSeconds,
      decodedSeconds: decoded.duration,
      audibleSeconds: span.end - span.start,
      frequency: zeroCrossingFrequency(steady, decoded.sampleRate),
      fileName: recording.entry.fileName,
      mimeType: recording.mimeType,
      chunks: chunks.length,
      chunkIndexes: chunks.map((chunk) => chunk.index),
    };
  } finally {
    player.dispose();
    await context.close();
  }
}

/** RMS of the player's output at each deck volume (and muted), read by a LevelMeter. */
export async function volumeLevels(url: string, volumes: readonly number[]): Promise<{ volume: number | 'muted'; rms: number }[]> {
  const { context, player } = await startTone(url, { deck: { volume: 100 } });
  const meter = new LevelMeter(context, { channels: 1, fftSize: 4096 });
  player.connect(meter);
  const read = async (): Promise<number> => {
    // Past the 50 ms ramp and a whole analysis window; median of a few windows.
    await sleep(250);
    const readings: number[] = [];
    for (let i = 0; i < 5; i++) {
      readings.push(meter.read().rms);
      await sleep(30);
    }
    return readings.sort((a, b) => a - b)[2] ?? 0;
  };
  try {
    const levels: { volume: number | 'muted'; rms: number }[] = [];
    for (const volume of volumes) {
      player.deck.volume = volume;
      levels.push({ volume, rms: await read() });
    }
    player.deck.muted = true;
    levels.push({ volume: 'muted', rms: await read() });
    return levels;
  } finally {
    meter.dispose();
    player.dispose();
    await context.close();
  }
}

/** The headphone route in this browser: what it reports, and what choosing the default device gives. */
export async function headphoneRoute(): Promise<{ before: HeadphoneStatus; after: HeadphoneStatus }> {
  const context = new AudioContext();
  const phones = new HeadphoneOutput(context);
  try {
    const before = phones.status;
    const after = await phones.setDevice('');
    return { before, after };
  } finally {
    phones.dispose();
    await context.close();
  }
}
