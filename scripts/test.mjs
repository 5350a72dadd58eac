#!/usr/bin/env node
// `npm test`: the whole suite, stage by stage, stopping at the first failing stage. Every stage is Nx targets
// (cached: a stage whose inputs did not change is restored with its report); this script adds only the Debian
// packages the stages drive, and the count of tests read from the reports. Ends with a per-stage summary and one
// line "tests: N passed, N failed". `npm test -- e2e` runs one stage.
//
// It runs on the product's Node (scripts/node-runtime.mjs: the Dockerfile's version, installed into .runtime/ when this
// machine has another), and so does every target: that Node is first on PATH for them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureDebianPackages } from './debian-packages.mjs';
import { NODE_VERSION, runOnPinnedNode } from './node-runtime.mjs';

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Where the targets write their JSON reports (each target declares its file as an output, so a cache hit restores it).
const reports = path.join(root, 'tmp/reports');
rmSync(reports, { recursive: true, force: true });

const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
const nxBin = path.join(root, 'node_modules/nx/dist/bin/nx.js');

function exec(command, args, extraEnv = {}) {
  console.log(`\n$ ${[path.basename(command), ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } }).status === 0;
}

const nx = (...args) => exec(process.execPath, [nxBin, ...args, '--outputStyle=static']);

/** The projects that have a target, from the Nx graph. */
function projectsWith(target) {
  const result = spawnSync(process.execPath, [nxBin, 'show', 'projects', '--with-target', target, '--json'], { cwd: root, env, encoding: 'utf8' });
  return JSON.parse(result.stdout);
}

/**
 * Passed and failed counts of one report (Jest's --json or Playwright's json reporter), and the failures that belong
 * to no test (a Jest suite whose hooks or stray async work failed after its tests passed, a Playwright global error):
 * those fail the target too, so each counts as one failed test and is quoted in the summary. Undefined when missing.
 */
function countReport(file) {
  if (!existsSync(file)) return undefined;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (r.stats) {
    const errors = (r.errors ?? []).map((e) => e.message ?? String(e));
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected + errors.length, outside: errors };
  }
  const outside = r.testResults
    .filter((suite) => suite.status === 'failed' && suite.assertionResults.every((a) => a.status !== 'failed'))
    .map((suite) => `${path.relative(root, suite.name)}: ${suite.message}`);
  if (!r.success && !r.numFailedTests && !outside.length) {
    outside.push(`Jest ended unsuccessfully with every suite passed${r.snapshot?.failure ? ' (snapshots failed)' : ''}${r.wasInterrupted ? ' (interrupted)' : ''}`);
  }
  return { passed: r.numPassedTests, failed: r.numFailedTests + outside.length, outside };
}

/** The first lines of a failure message, without terminal colours. */
const excerpt = (message) => stripVTControlCharacters(message).split('\n').filter((l) => l.trim()).slice(0, 12).join('\n    ');

const only = process.argv.slice(2);
/** Each stage: the Nx targets it runs, and the targets whose reports hold its tests. */
const stages = [
  // npm audit outside Nx: its answer changes with the advisories published, not with our files, so it is never cached.
  { name: 'lint', run: () => nx('run', 'tools:lint') && exec(process.execPath, [path.join(root, 'scripts/audit.mjs')]), reports: [] },
  { name: 'typecheck', run: () => nx('run-many', '-t', 'typecheck', 'check', '--parallel=2'), reports: [] },
  { name: 'unit', run: () => nx('run-many', '-t', 'test', '--parallel=2'), reports: () => projectsWith('test').map((p) => [p, 'test']) },
  { name: 'api', run: () => nx('run', 'api:test-api'), reports: [['api', 'test-api']] },
  { name: 'audio', run: () => nx('run', 'audio-engine:test-signal'), reports: [['audio-engine', 'test-signal']] },
  { name: 'e2e', run: () => nx('run', 'web-e2e:e2e'), reports: [['web-e2e', 'e2e']] },
  { name: 'storybook', run: () => nx('run', 'ui:test-storybook'), reports: [['ui', 'test-storybook']] },
];
const selected = only.length ? stages.filter((s) => only.includes(s.name)) : stages;
const unknown = only.filter((name) => !stages.some((s) => s.name === name));
if (unknown.length) {
  console.error(`No stage ${unknown.join(', ')}; the stages are ${stages.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

const counts = { passed: 0, failed: 0 };
const missing = [];
const summary = [];
const outside = [];
const started = Date.now();
let failed;
if (!ensureDebianPackages(selected.map((s) => s.name), exec)) {
  failed = 'packages';
  summary.push('  FAIL packages');
}
for (const stage of failed ? [] : selected) {
  const t0 = Date.now();
  console.log(`\n=== ${stage.name} ===`);
  const ok = stage.run();
  const tally = { passed: 0, failed: 0 };
  for (const [project, target] of typeof stage.reports === 'function' ? stage.reports() : stage.reports) {
    const count = countReport(path.join(reports, project, `${target}.json`));
    if (!count) missing.push(`${project}:${target}`);
    else {
      tally.passed += count.passed;
      tally.failed += count.failed;
      outside.push(...count.outside.map((message) => `  ${project}:${target}: ${excerpt(message)}`));
    }
  }
  counts.passed += tally.passed;
  counts.failed += tally.failed;
  const tests = stage.reports.length || typeof stage.reports === 'function' ? `  ${tally.passed} passed, ${tally.failed} failed` : '';
  summary.push(`  ${ok ? 'ok  ' : 'FAIL'} ${stage.name.padEnd(10)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s${tests}`);
  if (!ok && !tally.failed && !missing.length) {
    // Jest exits 1 without failing a test when something logs after its file ended ("Cannot log after tests are done").
    outside.push(`  ${stage.name}: a target failed although its reports hold no failure; its output above says why`);
  }
  if (!ok) {
    failed = stage.name;
    break;
  }
}

console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s, Node ${NODE_VERSION}) ===`);
console.log(summary.join('\n'));
if (outside.length) console.log(`Failures outside any test:\n${outside.join('\n')}`);
if (failed) console.log(`Stopped at the failing stage "${failed}"; its output is above.`);
if (missing.length) {
  // A target that failed before writing its report (a crash, a build error): its tests are not counted, and we say so.
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, and no report from ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failed ? 1 : 0);
