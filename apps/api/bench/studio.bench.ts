// npm run bench:studio — the built-in generator on this machine: audio seconds per wall second for a 30 s preview
// and a 330 s ("5+ min") track, rendered by libs/music-generator and encoded to MP3 by the ffmpeg the API runs,
// against the goals (30 s in ≤ 8 s, 5 min in ≤ 45 s). Each length runs ROUNDS times; the figures are the
// medians. Ends with: bench:studio preview_realtime_x=… full_realtime_x=… encode_share=…
import { generateTrack } from '@grouarock/music-generator';
import { loadConfig } from '../src/core/config/config';
import { Ffmpeg } from '../src/repositories/ffmpeg';
import { percentile } from './support';

const ROUNDS = Number(process.env.BENCH_STUDIO_ROUNDS ?? 3);
const ffmpeg = new Ffmpeg(loadConfig({}));

async function once(seconds: number, seed: number): Promise<{ render: number; encode: number }> {
  const started = performance.now();
  const track = generateTrack({ genre: 'heavy-metal', prompt: 'szybki, mroczny, z solo', seconds, seed });
  const rendered = performance.now();
  await ffmpeg.encodeMp3(track.left, track.right, track.sampleRate);
  return { render: (rendered - started) / 1000, encode: (performance.now() - rendered) / 1000 };
}

async function main(): Promise<void> {
  const results: Record<number, { render: number; encode: number }[]> = { 30: [], 330: [] };
  for (let round = 0; round < ROUNDS; round++) for (const seconds of [30, 330]) results[seconds].push(await once(seconds, round + 1));
  const median = (values: number[]) => percentile(values, 50);
  const figures = [30, 330].map((seconds) => {
    const render = median(results[seconds].map((r) => r.render));
    const encode = median(results[seconds].map((r) => r.encode));
    return { seconds, render, encode, total: render + encode };
  });
  const [preview, full] = figures;
  const goals = { 30: 8, 330: 45 } as Record<number, number>;
  for (const f of figures) {
    console.log(
      `${f.seconds} s track: rendered in ${f.render.toFixed(2)} s, encoded in ${f.encode.toFixed(2)} s, ${f.total.toFixed(2)} s in all ` +
        `(${(f.seconds / f.total).toFixed(1)}× real time; the goal ${goals[f.seconds]} s, ratio ${(f.total / goals[f.seconds]).toFixed(2)})`,
    );
  }
  console.log(
    `bench:studio preview_realtime_x=${(preview.seconds / preview.total).toFixed(1)} full_realtime_x=${(full.seconds / full.total).toFixed(1)} encode_share=${(full.encode / full.total).toFixed(2)}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
