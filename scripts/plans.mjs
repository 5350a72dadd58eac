#!/usr/bin/env node
// `npm run plans -- grant <email> <plan> [--until <date>]` / `revoke <email>`: build the API (Nx skips it when
// nothing changed), then run its plans command in this process, on the installation's database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nx = path.join(root, 'node_modules/nx/dist/bin/nx.js');

const build = spawnSync(process.execPath, [nx, 'run', 'api:build', '--outputStyle=static', '--verbose=false'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
});
if (build.status !== 0) {
  console.error('The API build failed; run `npx nx run api:build` to see why.');
  process.exit(build.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/apps/api/plans.js')).href);
