#!/usr/bin/env node
// npm run bench:web — the gzipped JavaScript a route needs before it can show (the entry chunk, the
// route's lazily loaded chunk, and everything they import statically), from the production build's
// manifest, against the budget; and the largest contentful paint of each route, served by the built
// server and loaded in Chromium (median of several cold loads). Ends with one line per route:
//   bench:web route=/radio initial_js_kb_gz=… mixer_chunk_kb_gz=… lcp_ms=…
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist/apps/web');
/** The gzipped initial JS each route may need (DESIGN.md section 9: 135 KB for /, 150 KB for /radio and the others). */
const BUDGET_KB = { '/': 135, '/radio': 150 };

/**
 * The module each route renders (the target of its lazy import in apps/web/src/app/routes.tsx) and the dictionary
 * areas it loads with it (withMessages there): the Polish texts count, since the screen waits for them.
 */
const routes = {
  '/': { module: 'src/features/home/components/home-page.tsx', areas: ['home'] },
  '/radio': { module: 'src/features/radio/components/radio-page.tsx', areas: ['radio'] },
};
const MIXER = { module: 'src/features/mixer/components/mixer-overlay.tsx', areas: ['mixer'] };
const dictionary = (area) => `../../libs/i18n/src/messages/${area}.pl.ts`;

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { launchOptions } = require('../../tools/chromium.cjs');

execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'error'], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync(process.execPath, [path.join(root, 'node_modules/tsup/dist/cli-default.js'), '--config', 'apps/api/tsup.config.ts', '--silent'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** The built server on its own embedded database, serving the build just made. */
async function startServer() {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-bench-web-'));
  chmodSync(dataDir, 0o755);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Largest contentful paint of a cold load (new browser context, so nothing cached), in ms. */
async function lcp(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const value = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return value;
}
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
/** A screen's chunks and those of its Polish dictionary areas, with what they import, beyond `loaded`. */
function screen({ module, areas }, loaded = new Set()) {
  const keys = new Set(loaded);
  for (const key of [module, ...areas.map(dictionary)]) {
    if (!manifest[key]) throw new Error(`${key} is not in the build`);
    closure(key, keys);
  }
  return [...keys].filter((key) => !loaded.has(key));
}

const server = await startServer();
const browser = await chromium.launch(launchOptions);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const lines = [];
for (const [route, target] of Object.entries(routes)) {
  const routeKeys = screen(target, entryKeys);
  const initial = kb(entryKeys) + kb(routeKeys);
  const mixer = kb(screen(MIXER, new Set([...entryKeys, ...routeKeys])));
  const paints = [];
  for (let i = 0; i < LOADS; i++) paints.push(await lcp(browser, `${server.base}${route}`));
  console.log(`${route}: entry ${kb(entryKeys).toFixed(1)} KB + route ${(initial - kb(entryKeys)).toFixed(1)} KB = ${initial.toFixed(1)} KB gzipped (budget ${BUDGET_KB[route]} KB, ${((initial / BUDGET_KB[route]) * 100).toFixed(0)} %); LCP ${paints.map((p) => p.toFixed(0)).join(', ')} ms`);
  lines.push(`bench:web route=${route} initial_js_kb_gz=${initial.toFixed(1)} mixer_chunk_kb_gz=${mixer.toFixed(1)} lcp_ms=${median(paints).toFixed(0)}`);
}
await browser.close();
await server.stop();
console.log(lines.join('\n'));
