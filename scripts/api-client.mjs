#!/usr/bin/env node
// Regenerates libs/api-client from the API's OpenAPI document:
//   npm run api-client            writes libs/api-client/openapi.json and src/generated/
//   npm run api-client -- --check fails when the committed client differs from what the API describes
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lib = path.join(root, 'libs/api-client');
const check = process.argv.includes('--check');

execFileSync(process.execPath, [path.join(root, 'node_modules/tsup/dist/cli-default.js'), '--config', 'apps/api/tsup.config.ts', '--silent'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const document = execFileSync(process.execPath, [path.join(root, 'dist/apps/api/openapi.js')], { cwd: root, encoding: 'utf8' });

const target = check ? mkdtempSync(path.join(tmpdir(), 'api-client-')) : lib;
writeFileSync(path.join(target, 'openapi.json'), document);
await createClient({
  input: path.join(target, 'openapi.json'),
  output: { path: path.join(target, 'src/generated') },
  plugins: [{ name: '@hey-api/client-fetch', baseUrl: false }, '@hey-api/typescript', '@hey-api/sdk'],
  logs: { level: 'silent' },
});

if (!check) {
  console.log('libs/api-client regenerated from the API document');
  process.exit(0);
}

function files(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, base) : [path.relative(base, full)];
  });
}
const expected = new Set([...files(path.join(target, 'src/generated')).map((f) => `src/generated/${f}`), 'openapi.json']);
const actual = new Set(files(path.join(lib, 'src/generated')).map((f) => `src/generated/${f}`).concat('openapi.json'));
const stale = [...new Set([...expected, ...actual])].filter((f) => {
  try {
    return readFileSync(path.join(target, f), 'utf8') !== readFileSync(path.join(lib, f), 'utf8');
  } catch {
    return true;
  }
});
rmSync(target, { recursive: true, force: true });
if (stale.length) {
  console.error(`libs/api-client is stale (${stale.join(', ')}). Run \`npm run api-client\` and commit the result.`);
  process.exit(1);
}
console.log('libs/api-client matches the API document');
