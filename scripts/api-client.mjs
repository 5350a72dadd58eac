#!/usr/bin/env node
// Regenerates libs/api-client from the API's OpenAPI document:
//   npm run api-client            writes libs/api-client/openapi.json and src/generated/
//   npm run api-client -- --check fails when the committed client differs from what the API describes
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
splitSdkByTag(path.join(target, 'src/generated'), JSON.parse(document));

if (!check) {
  console.log('libs/api-client regenerated from the API document');
  process.exit(0);
}

/**
 * hey-api writes every operation into one sdk.gen.ts, and a bundler places a module in one chunk whole: the web
 * app's entry would carry every call any lazy page makes. Each OpenAPI tag's operations move into a module of
 * their own (sdk/<tag>.gen.ts), which sdk.gen.ts re-exports, so each page's chunk carries only its own calls.
 */
function splitSdkByTag(generated, openapi) {
  const tagOf = new Map();
  for (const operations of Object.values(openapi.paths)) {
    for (const operation of Object.values(operations)) {
      if (operation?.operationId) tagOf.set(operation.operationId.replace(/[^A-Za-z0-9]+(.)/g, (_, c) => c.toUpperCase()), operation.tags?.[0] ?? 'other');
    }
  }
  const sdkFile = path.join(generated, 'sdk.gen.ts');
  const source = readFileSync(sdkFile, 'utf8');
  const first = source.search(/\n(\/\*\*\n(?: \*.*\n)* \*\/\n)?export const /);
  const header = source.slice(0, first);
  const blocks = source
    .slice(first)
    .split(/\n\n(?=\/\*\*|export const )/)
    .map((block) => block.trim())
    .filter(Boolean);
  const typeImport = header.match(/import type \{ ([^}]+) \} from '\.\/types\.gen';/);
  const typeNames = typeImport[1].split(', ');
  const byTag = new Map();
  for (const block of blocks) {
    const name = block.match(/export const (\w+) =/)[1];
    const tag = tagOf.get(name);
    if (!tag) throw new Error(`sdk.gen.ts: no OpenAPI tag for ${name}`);
    byTag.set(tag, [...(byTag.get(tag) ?? []), block]);
  }
  mkdirSync(path.join(generated, 'sdk'), { recursive: true });
  const modules = [...byTag.keys()].sort().map((tag) => {
    const file = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const body = byTag.get(tag).join('\n\n');
    const used = typeNames.filter((type) => new RegExp(`\\b${type}\\b`).test(body));
    writeFileSync(
      path.join(generated, 'sdk', `${file}.gen.ts`),
      [
        `// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "${tag}".`,
        '',
        "import { client } from '../client.gen';",
        "import type { Options } from '../sdk.gen';",
        `import type { ${used.join(', ')} } from '../types.gen';`,
        '',
        body,
        '',
      ].join('\n'),
    );
    return `export * from './sdk/${file}.gen';`;
  });
  const ownHeader = header.replace(`${typeImport[0]}\n`, '').replace("import { client } from './client.gen';\n", '');
  writeFileSync(sdkFile, `${ownHeader.trimEnd()}\n\n${modules.join('\n')}\n`);
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
