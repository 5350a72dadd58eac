#!/usr/bin/env node
// `npm start`: build the web app and the API (Nx skips what has not changed), then run the server in
// this very process, so Ctrl-C and SIGTERM reach it directly and it stops its database cleanly. On the product's Node
// (scripts/node-runtime.mjs: the image's version, installed into .runtime/ when this machine has another; this script
// then runs again on it and passes it the signals), so the server runs here what it runs in production.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runOnPinnedNode } from './node-runtime.mjs';

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nx = path.join(root, 'node_modules/nx/dist/bin/nx.js');

const build = spawnSync(process.execPath, [nx, 'run-many', '-t', 'build', '-p', 'api', 'web', '--outputStyle=static'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
});
if (build.status !== 0) {
  console.error('The build failed; see above.');
  process.exit(build.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/apps/api/main.js')).href);
