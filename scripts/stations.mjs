#!/usr/bin/env node
// `npm run stations -- import --tag rock --country PL --out stations.json …`: bundles the API's station import (it
// validates with the API's own catalogue rules, which are TypeScript) and runs it. docs/radio-catalogue.md has the options.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the repository, so the bundle's require() finds node_modules; one folder per run, so runs do not collide.
mkdirSync(path.join(root, 'tmp'), { recursive: true });
const out = mkdtempSync(path.join(root, 'tmp', 'stations-'));
let status = 1;
try {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsup/dist/cli-default.js'), 'apps/api/src/radio/catalogue-import/cli.ts', '--format', 'cjs', '--target', 'node20', '--tsconfig', 'apps/api/tsconfig.json', '--out-dir', out, '--silent'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // Relative --out and --merge paths are the caller's: the import runs where `npm run` was called (INIT_CWD).
  const run = spawnSync(process.execPath, [path.join(out, 'cli.js'), ...process.argv.slice(2)], {
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, GROUAROCK_ROOT: root },
  });
  status = run.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
process.exit(status);
