#!/usr/bin/env node
// npm run bench:audio — × real time of rendering 60 s of stereo 48 kHz through the audio engine's full
// two-deck mixer (DjMixer at the product's defaults, two looping decks) offline in Chromium, against the same
// nodes wired by hand on the native Web Audio API, in the same page. A third render wires the same nodes by
// hand through standardized-audio-context, so the overhead splits into the library's and the engine's own.
// The two test decks are looping buffer sources; the library gives each a silent connection to the
// destination, and the hand-built graph gives its sources the same, so the mixers get equal inputs.
// The renders alternate, in rotating order, for several rounds; the figures are the best (least disturbed)
// render of each, with medians beside them. The graphs must have the same nodes, connections and output.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const browserSetup = require('../../tools/chromium.cjs');

const SECONDS = Number(process.env.BENCH_AUDIO_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_AUDIO_ROUNDS ?? 11);
const SAMPLE_RATE = 48_000;
const KINDS = ['engine', 'library', 'native'];
const SCENES = [
  { name: 'defaults', label: 'mixer at its defaults (EQ at centre: its filters switched out)', eq: { low: 0, mid: 0, high: 0 } },
  { name: 'eq', label: 'EQ engaged on both decks (low -20, high +10: 12 biquads in the path)', eq: { low: -20, mid: 0, high: 10 } },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const times = (ms) => (SECONDS * 1000) / ms;
const fixed = (n, digits = 1) => n.toFixed(digits);

browserSetup.assertChromium();
const bundle = await build({
  entryPoints: [path.join(root, 'libs/audio-engine/signal/page/entry.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
});

const browser = await chromium.launch(browserSetup.launchOptions);
try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setContent('<!doctype html><title>bench:audio</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  // Runs in the page, where the bundle put the graphs on `window.signal`.
  const render = (kind, scene, seconds) =>
    page.evaluate(
      ({ kind, scene }) => {
        const { graphs } = globalThis.signal;
        return kind === 'engine' ? graphs.renderEngine(scene) : graphs.renderRaw(scene, kind);
      },
      { kind, scene: { seconds, sampleRate: SAMPLE_RATE, eq: scene.eq } },
    );

  // Warm-up: JIT, the library's one-time feature tests, the allocator.
  for (const scene of SCENES) for (const kind of KINDS) await render(kind, scene, 5);

  const results = new Map(SCENES.map((scene) => [scene.name, { ms: { engine: [], library: [], native: [] }, runs: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const scene of SCENES) {
      const entry = results.get(scene.name);
      const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
      const run = {};
      for (const kind of order) {
        run[kind] = await render(kind, scene, SECONDS);
        entry.ms[kind].push(run[kind].ms);
      }
      entry.runs.push(run);
    }
  }
  if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`);

  console.log(`Chromium ${browser.version()}: ${SECONDS} s of stereo ${SAMPLE_RATE / 1000} kHz per render, ${ROUNDS} rounds, the three graphs alternating`);
  const figures = new Map();
  for (const scene of SCENES) {
    const { ms, runs } = results.get(scene.name);
    for (const run of runs) {
      const { engine, library, native } = run;
      for (const other of [library, native]) {
        if (other.nodes !== engine.nodes || other.connections !== engine.connections) {
          throw new Error(
            `${scene.name}: the graphs differ (engine ${engine.nodes} nodes/${engine.connections} live connections, ` +
              `hand-built ${other.nodes}/${other.connections}); the comparison would mean nothing`,
          );
        }
        if (Math.abs(other.rms - engine.rms) > 1e-6) throw new Error(`${scene.name}: the graphs sound different (rms ${engine.rms} vs ${other.rms})`);
      }
    }
    const best = Object.fromEntries(KINDS.map((kind) => [kind, Math.min(...ms[kind])]));
    const middle = Object.fromEntries(KINDS.map((kind) => [kind, median(ms[kind])]));
    const { engine } = runs[0];
    console.log(`\n${scene.label}`);
    console.log(
      `  graph: ${engine.nodes} mixer nodes, ${engine.connections} live native connections (test sources included), ` +
        `output rms ${fixed(engine.rms, 5)}: the same in all three`,
    );
    const row = (name, kind) =>
      console.log(
        `  ${name.padEnd(31)} best ${fixed(best[kind]).padStart(6)} ms (${fixed(times(best[kind])).padStart(5)}× real time), ` +
          `median ${fixed(middle[kind]).padStart(6)} ms (${fixed(times(middle[kind]))}×)`,
      );
    row('engine (DjMixer)', 'engine');
    row('by hand, standardized-audio-ctx', 'library');
    row('by hand, native Web Audio', 'native');
    console.log(
      `  overhead vs native: ${fixed(best.engine / best.native, 3)} (median ${fixed(middle.engine / middle.native, 3)}), ` +
        `of which the library ${fixed(best.library / best.native, 3)} and the engine's own code ${fixed(best.engine / best.library, 3)}`,
    );
    figures.set(scene.name, { realtime: times(best.engine), raw: times(best.native), overhead: best.engine / best.native });
  }
  const defaults = figures.get('defaults');
  const engaged = figures.get('eq');
  console.log(
    `\ngoals: realtime_x ≥ 300 (${defaults.realtime >= 300 ? 'met' : 'NOT met'}), ` +
      `overhead_ratio ≤ 1.10 (${defaults.overhead <= 1.1 ? 'met' : 'NOT met'}); figures of the mixer at its defaults`,
  );
  console.log(`eq_engaged realtime_x=${fixed(engaged.realtime)} raw_realtime_x=${fixed(engaged.raw)} overhead_ratio=${fixed(engaged.overhead, 3)}`);
  console.log(`bench:audio realtime_x=${fixed(defaults.realtime)} raw_realtime_x=${fixed(defaults.raw)} overhead_ratio=${fixed(defaults.overhead, 3)}`);
} finally {
  await browser.close();
}
