#!/usr/bin/env node
// npm run bench:<name> — bundles apps/api/bench (<name>.bench.ts and the helper processes it starts; they
// reuse the API's and the tests' code) together with a fresh build of the API, then runs <name>.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const name = process.argv[2];
const tsup = path.join(root, 'node_modules/tsup/dist/cli-default.js');
const out = path.join(root, 'tmp/bench');
execFileSync(process.execPath, [tsup, '--config', 'apps/api/tsup.config.ts', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync(
  process.execPath,
  [tsup, `apps/api/bench/${name}.bench.ts`, 'apps/api/bench/bare-ws.child.ts', 'apps/api/bench/realtime-clients.child.ts', 'apps/api/bench/bare-http.child.ts', 'apps/api/bench/relay-listeners.child.ts', 'apps/api/bench/live-viewers.child.ts', '--format', 'cjs', '--target', 'node24', '--tsconfig', 'apps/api/tsconfig.json', '--external', 'playwright-core', '--out-dir', out, '--silent'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
execFileSync(process.execPath, [path.join(out, `${name}.bench.js`)], { cwd: root, stdio: 'inherit' });
