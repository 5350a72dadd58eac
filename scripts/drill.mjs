#!/usr/bin/env node
// npm run drill — the fault drills (docs/operations.md, "Fault drills"): installs the Debian packages they drive when
// missing, builds the API, bundles apps/api/drill with the tests' support code, and runs them. Exits 1 when a drill's
// promise broke; its report says which. Runs on the product's Node, as `npm test` does (scripts/node-runtime.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from './debian-packages.mjs';
import { runOnPinnedNode } from './node-runtime.mjs';

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exec = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
if (!ensureDebianPackages(['drill'], exec)) process.exit(1);

const tsup = path.join(root, 'node_modules/tsup/dist/cli-default.js');
const out = path.join(root, 'tmp/drill');
execFileSync(process.execPath, [tsup, '--config', 'apps/api/tsup.config.ts', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync(process.execPath, [tsup, 'apps/api/drill/drill.ts', '--format', 'cjs', '--target', 'node24', '--tsconfig', 'apps/api/tsconfig.json', '--out-dir', out, '--silent'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.exit(spawnSync(process.execPath, [path.join(out, 'drill.js')], { cwd: root, stdio: 'inherit' }).status ?? 1);
