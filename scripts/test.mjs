#!/usr/bin/env node
// `npm test`: the whole suite, in the order of DESIGN.md section 8, stopping at the first failing
// stage. Ends with a per-stage summary and one line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const chromium = require('../tools/chromium.cjs');
const results = path.join(root, 'tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'false' };
const bin = {
  nx: path.join(root, 'node_modules/nx/dist/bin/nx.js'),
  eslint: path.join(root, 'node_modules/eslint/bin/eslint.js'),
  jest: path.join(root, 'node_modules/jest/bin/jest.js'),
  playwright: path.join(root, 'node_modules/@playwright/test/cli.js'),
};

function exec(command, args, extraEnv = {}) {
  console.log(`\n$ ${[path.basename(command), ...args].map((a) => (path.isAbsolute(a) ? path.relative(root, a) : a)).join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status === 0;
}

/** Runs a Node script (a tool's bin file) with this Node. */
function run(args, extraEnv = {}) {
  return exec(process.execPath, args, extraEnv);
}

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** How to run Compose here: Docker's plugin, else the standalone docker-compose, else undefined. */
function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  if (onPath('docker-compose')) return ['docker-compose'];
  return undefined;
}

/**
 * The Debian packages the suite drives, and the stages that need them. This is the one list: `.ci/run`
 * relies on it too. Chromium runs the browser tests, Icecast2 and ffmpeg the radio relay tests, and
 * Compose validates docker-compose.yml (Debian's docker client comes without the compose plugin).
 */
const debianPackages = [
  { name: chromium.debianPackage, stages: ['audio', 'e2e', 'storybook'], present: () => existsSync(chromium.executablePath) },
  { name: 'icecast2', stages: ['api', 'e2e'], present: () => onPath('icecast2') },
  { name: 'ffmpeg', stages: ['api', 'e2e'], present: () => onPath('ffmpeg') },
  { name: 'docker-compose', stages: ['lint'], present: () => composeCommand() !== undefined },
];

/** Installs the missing packages the selected stages need when we are root; otherwise says how to. */
function ensureDebianPackages(selected) {
  const missing = debianPackages.filter((p) => p.stages.some((s) => selected.includes(s)) && !p.present()).map((p) => p.name);
  if (!missing.length) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Missing Debian packages: ${missing.join(' ')}. Install them as root:\n  apt-get update && apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  console.log(`Installing Debian packages: ${missing.join(' ')}`);
  const apt = { DEBIAN_FRONTEND: 'noninteractive' };
  return exec('apt-get', ['update', '-qq'], apt) && exec('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], apt);
}

/** `docker compose config` (or the standalone docker-compose) must accept the deployment file. */
function validateCompose() {
  const compose = composeCommand();
  if (!compose) {
    console.error('Neither `docker compose` nor `docker-compose` is installed: apt-get install -y docker-compose');
    return false;
  }
  const secrets = { POSTGRES_PASSWORD: 'validate-only', JWT_SECRET: 'validate-only-0123456789abcdefghijklmnop' };
  return exec(compose[0], [...compose.slice(1), 'config', '-q'], secrets);
}

const counts = { passed: 0, failed: 0 };

function countJest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
}

function jest(config, name, nodeArgs = []) {
  const out = path.join(results, `${name}.json`);
  const ok = run([...nodeArgs, bin.jest, '-c', config, '--ci', '--json', '--outputFile', out]);
  countJest(out);
  return ok;
}

function playwright(config, name) {
  const out = path.join(results, `${name}.json`);
  const ok = run([bin.playwright, 'test', '-c', config, '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out });
  countPlaywright(out);
  return ok;
}

const only = process.argv.slice(2);
const stages = [
  // Not a test: installs what the selected stages drive, so it runs whatever the selection.
  ['packages', () => ensureDebianPackages(only.length && !only.includes('packages') ? only : stages.map(([name]) => name))],
  // The project graph first: the module-boundaries rule reads it, and skips itself without it.
  ['lint', () => run([bin.nx, 'show', 'projects']) && run([bin.eslint, '--max-warnings=0', '.']) && validateCompose()],
  [
    'typecheck',
    () => run([bin.nx, 'run-many', '-t', 'typecheck', '--outputStyle=static']) && run([path.join(root, 'scripts/api-client.mjs'), '--check']),
  ],
  ['unit', () => jest('jest.config.cjs', 'unit')],
  [
    'api',
    () => run([bin.nx, 'run', 'api:build', '--outputStyle=static']) && jest('apps/api/test/jest.config.cjs', 'api', ['--experimental-vm-modules']),
  ],
  ['audio', () => playwright('libs/audio-engine/signal/playwright.config.ts', 'audio')],
  [
    'e2e',
    () => run([bin.nx, 'run-many', '-t', 'build', '-p', 'api', 'web', '--outputStyle=static']) && playwright('apps/web-e2e/playwright.config.ts', 'e2e'),
  ],
  ['storybook', () => run([bin.nx, 'run', 'ui:build-storybook', '--outputStyle=static']) && playwright('libs/ui/smoke/playwright.config.ts', 'storybook')],
];

const summary = [];
const started = Date.now();
let failed;
for (const [name, stage] of stages) {
  if (only.length && name !== 'packages' && !only.includes(name)) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const ok = stage();
  summary.push(`  ${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(10)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (!ok) {
    failed = name;
    break;
  }
}

console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ===`);
console.log(summary.join('\n'));
if (failed) console.log(`Stopped at the failing stage "${failed}"; its output is above.`);
console.log(`tests: ${counts.passed} passed, ${counts.failed + (failed && counts.failed === 0 ? 1 : 0)} failed`);
process.exit(failed ? 1 : 0);
