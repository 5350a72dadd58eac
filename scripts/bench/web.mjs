#!/usr/bin/env node
// npm run bench:web — the gzipped JavaScript a route needs before it can show (the entry chunk, the
// route's lazily loaded chunk, and everything they import statically), from the production build's
// manifest, against the budget. Ends with one line per route:
//   bench:web route=/radio initial_js_kb_gz=… mixer_chunk_kb_gz=…
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist/apps/web');
const BUDGET_KB = 150;

/** The module each route renders (the target of its lazy import in apps/web/src/app/routes.tsx). */
const routes = {
  '/': process.env.BENCH_HOME_MODULE ?? 'src/features/not-found/components/not-found-page.tsx',
  '/radio': 'src/features/radio/components/radio-page.tsx',
};
const MIXER = 'src/features/mixer/components/mixer-overlay.tsx';

execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'error'], {
  cwd: root,
  stdio: 'inherit',
});
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}
const kb = (keys) => [...keys].reduce((sum, key) => sum + gz(manifest[key].file), 0);
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = closure(entry);

const lines = [];
for (const [route, module] of Object.entries(routes)) {
  if (!manifest[module]) {
    console.log(`${route}: ${module} is not in the build`);
    continue;
  }
  const initial = kb(closure(module, new Set(entryKeys)));
  const mixerKeys = manifest[MIXER] ? [...closure(MIXER)].filter((k) => !entryKeys.has(k) && !closure(module).has(k)) : [];
  const mixer = mixerKeys.length ? kb(mixerKeys) : 0;
  console.log(`${route}: entry ${kb(entryKeys).toFixed(1)} KB + route ${(initial - kb(entryKeys)).toFixed(1)} KB = ${initial.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB, ${((initial / BUDGET_KB) * 100).toFixed(0)} %)`);
  lines.push(`bench:web route=${route} initial_js_kb_gz=${initial.toFixed(1)} mixer_chunk_kb_gz=${mixer.toFixed(1)}`);
}
console.log(lines.join('\n'));
