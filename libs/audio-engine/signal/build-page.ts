import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The test tone the stream tests play: 440 Hz at half scale, 48 kHz mono 16-bit PCM. */
export const TONE = { file: 'tone-440.wav', frequency: 440, amplitude: 0.5, sampleRate: 48_000, seconds: 20 } as const;

function wav(frequency: number, amplitude: number, sampleRate: number, seconds: number): Buffer {
  const samples = Math.round(sampleRate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * frequency * i) / sampleRate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Bundles page/entry.ts (the engine, standardized-audio-context, the measurements) into `outDir`. */
export async function buildPage(outDir: string): Promise<void> {
  await build({
    entryPoints: [path.join(__dirname, 'page', 'entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    sourcemap: 'inline',
    outfile: path.join(outDir, 'signal.js'),
    logLevel: 'warning',
  });
  writeFileSync(
    path.join(outDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>audio-engine signal page</title></head>' +
      '<body><script src="/signal.js"></script></body></html>\n',
  );
  writeFileSync(path.join(outDir, TONE.file), wav(TONE.frequency, TONE.amplitude, TONE.sampleRate, TONE.seconds));
}
