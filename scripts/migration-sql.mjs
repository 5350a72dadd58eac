#!/usr/bin/env node
// `npm run migration:sql`: prints the SQL a new migration needs for the current entities.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'tmp/schema-diff');
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/tsup/dist/cli-default.js'), 'apps/api/src/core/database/schema-diff.ts', '--format', 'cjs', '--target', 'node24', '--tsconfig', 'apps/api/tsconfig.json', '--out-dir', out, '--silent'],
  { cwd: root, stdio: 'inherit' },
);
execFileSync(process.execPath, [path.join(out, 'schema-diff.js')], { cwd: root, stdio: 'inherit' });
