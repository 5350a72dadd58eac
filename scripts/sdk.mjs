#!/usr/bin/env node
// `npm run sdk`: the generated TypeScript client (libs/api-client) as a package developers install:
// dist/sdk/package (CommonJS, ES module and type declarations) and its tarball dist/sdk/grouarock-api-client-<version>.tgz.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/sdk');
const pkg = path.join(out, 'package');
const SDK_VERSION = '1.0.0';

rmSync(out, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/tsup/dist/cli-default.js'),
    'libs/api-client/src/index.ts',
    '--format', 'esm,cjs',
    '--dts',
    '--target', 'es2022',
    '--platform', 'neutral',
    '--tsconfig', 'libs/api-client/tsconfig.json',
    '--out-dir', pkg,
    '--silent',
  ],
  { cwd: root, stdio: 'inherit' },
);
writeFileSync(
  path.join(pkg, 'package.json'),
  `${JSON.stringify(
    {
      name: '@grouarock/api-client',
      version: SDK_VERSION,
      description: 'The GrouaRock API client, generated from its OpenAPI document: one typed function per operation.',
      license: 'UNLICENSED',
      main: './index.js',
      module: './index.mjs',
      types: './index.d.ts',
      exports: { '.': { import: { types: './index.d.mts', default: './index.mjs' }, require: { types: './index.d.ts', default: './index.js' } } },
      files: ['index.js', 'index.mjs', 'index.d.ts', 'index.d.mts', 'README.md'],
      engines: { node: '>=20.19' },
      sideEffects: false,
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  path.join(pkg, 'README.md'),
  `# @grouarock/api-client\n\nThe GrouaRock API client: one typed function per operation of the API's OpenAPI document.\n\n` +
    "```ts\nimport { apiClient, listStations } from '@grouarock/api-client';\n\n" +
    "apiClient.setConfig({ baseUrl: 'https://your-grouarock.example', headers: { Authorization: `Bearer ${process.env.GROUAROCK_API_KEY}` } });\n" +
    "const { data } = await listStations({ query: { genre: 'punk' }, throwOnError: true });\n```\n\nSee /api on your GrouaRock site for the reference.\n",
);
execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: pkg, stdio: ['ignore', 'ignore', 'inherit'] });
console.log(`SDK built: ${path.relative(root, path.join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))))}`);
