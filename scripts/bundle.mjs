#!/usr/bin/env node
// `npm run bundle [-- <dir>] [--no-build]`: builds the web app and the API (Nx skips what has not changed) and
// assembles one self-contained folder, by default dist/bundle (or BUNDLE_DIR), that runs with nothing else from the
// repository:
//
//   <dir>/package.json            "type": "commonjs", so no package.json above the folder changes how main.js loads
//   <dir>/dist/apps/api/          the built API (main.js, plans.js, the studio and RTMP workers); the workspace libs are inside
//   <dir>/dist/apps/web/          the built web app, which the API serves from ../web next to its main.js
//   <dir>/node_modules/           the npm packages the built API loads, and everything they need, nothing else
//   <dir>/sbom.cdx.json           their bill of materials: `npm sbom` (CycloneDX JSON) of this folder's packages
//
//   node <dir>/dist/apps/api/main.js        (DATA_DIR, DATABASE_URL, PORT, … as usual; DATA_DIR is relative to the cwd)
//
// The packages are copied from the installed node_modules (no network, no install scripts run again: what the
// approved ones produced, such as the embedded PostgreSQL's library symlinks, is copied as it is), in the layout
// package-lock.json records, so every require() resolves exactly as in the repository. Which packages: the bare
// module names the built API files require, import or resolve, then everything each of those depends on
// (dependencies, optionalDependencies, and peers that the production tree installs), resolved through the lock
// file as Node resolves them. A package the built API needs that is a devDependency stops the bundle.
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE_NAME = 'grouarock-bundle';

function fail(message) {
  console.error(`bundle: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const positional = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--no-build');
if (unknown.length || positional.length > 1) fail(`usage: node scripts/bundle.mjs [<dir>] [--no-build] (got ${args.join(' ')})`);
const outDir = path.resolve(positional[0] ?? process.env.BUNDLE_DIR ?? path.join(root, 'dist/bundle'));

const started = Date.now();

if (build) {
  const nx = path.join(root, 'node_modules/nx/dist/bin/nx.js');
  const result = spawnSync(process.execPath, [nx, 'run-many', '-t', 'build', '-p', 'api', 'web', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) fail('the build failed; see above');
}

const apiDir = path.join(root, 'dist/apps/api');
const webDir = path.join(root, 'dist/apps/web');
for (const file of [path.join(apiDir, 'main.js'), path.join(webDir, 'index.html')]) {
  if (!existsSync(file)) fail(`${path.relative(root, file)} is missing: build first (npm run build), or drop --no-build`);
}

// The output folder: created, or replaced when it is an earlier bundle; anything else is left alone.
if (outDir === root || root.startsWith(`${outDir}${path.sep}`)) fail(`${outDir} holds the repository`);
if (existsSync(outDir) && readdirSync(outDir).length) {
  const manifest = path.join(outDir, 'package.json');
  const earlier = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === BUNDLE_NAME;
  if (!earlier) fail(`${outDir} exists and is not an earlier bundle; give an empty or new folder`);
  rmSync(outDir, { recursive: true, force: true });
}
mkdirSync(outDir, { recursive: true });

// 1. The built apps.
cpSync(apiDir, path.join(outDir, 'dist/apps/api'), { recursive: true });
cpSync(webDir, path.join(outDir, 'dist/apps/web'), { recursive: true });

// 2. The bare module names the built API loads: require("x"), import("x"), createRequire(…)("x"), ….resolve("x").
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const loads = /(?:\brequire|\bimport|\bcreateRequire\)\([^()]*\)|\.resolve)\(\s*["']([^"'\s]+)["']\s*\)/g;
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const entryNames = new Set();
for (const file of readdirSync(apiDir).filter((f) => f.endsWith('.js'))) {
  for (const [, specifier] of readFileSync(path.join(apiDir, file), 'utf8').matchAll(loads)) {
    if (builtins.has(specifier) || specifier.startsWith('.') || specifier.startsWith('/')) continue;
    entryNames.add(packageName(specifier));
  }
}

// 3. Their closure, resolved through package-lock.json as Node resolves (own node_modules first, then upwards).
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages;
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The lock location `name` resolves to from the package at `from` ('' is the root), or undefined. */
function resolveFrom(from, name) {
  let dir = from;
  for (;;) {
    const location = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[location]) return location;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

const installed = (location) => existsSync(path.join(root, location, 'package.json'));
const needed = new Set();
const queue = [];
const problems = [];
for (const name of [...entryNames].sort()) {
  const location = resolveFrom('', name);
  if (!location || !installed(location)) {
    // Loaded only when present (an optional driver, say): fine when it is nowhere in the project.
    if (rootManifest.dependencies?.[name] || rootManifest.devDependencies?.[name]) problems.push(`${name} is declared but not installed: run npm ci`);
    continue;
  }
  if (packages[location].link) continue; // a workspace package: bundled into the API by tsup
  if (packages[location].dev) problems.push(`the built API loads ${name}, a devDependency: move it to "dependencies"`);
  queue.push(location);
}
if (problems.length) fail(problems.join('\n'));

while (queue.length) {
  const location = queue.pop();
  if (needed.has(location)) continue;
  needed.add(location);
  const entry = packages[location];
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const wanted = [
    ...Object.keys(entry.dependencies ?? {}).map((n) => [n, 'required']),
    ...Object.keys(entry.optionalDependencies ?? {}).map((n) => [n, 'optional']),
    ...Object.keys(entry.peerDependencies ?? {}).map((n) => [n, optionalPeers[n]?.optional ? 'optional-peer' : 'required']),
  ];
  for (const [name, kind] of wanted) {
    const target = resolveFrom(location, name);
    if (!target || !installed(target)) {
      if (kind === 'required') fail(`${location} needs ${name}, which is not installed: run npm ci`);
      continue; // an optional package for another platform, or an optional peer nobody installed
    }
    // An optional peer that only the development tree installs is not part of production.
    if (kind === 'optional-peer' && packages[target].dev) continue;
    queue.push(target);
  }
}

// 4. Copy each package without its nested node_modules (the ones needed are in the set themselves).
let bytes = 0;
for (const location of [...needed].sort()) {
  const from = path.join(root, location);
  const nested = path.join(from, 'node_modules');
  cpSync(from, path.join(outDir, location), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => {
      if (source === nested) return false;
      const stat = statSync(source, { throwIfNoEntry: false });
      if (stat?.isFile()) bytes += stat.size;
      return true;
    },
  });
}

// 5. The bundle's own manifest.
const dependencies = Object.fromEntries(
  [...needed].filter((l) => l.split('node_modules/').length === 2).sort().map((l) => [l.slice('node_modules/'.length), packages[l].version]),
);
writeFileSync(
  path.join(outDir, 'package.json'),
  `${JSON.stringify(
    {
      name: BUNDLE_NAME,
      version: rootManifest.version,
      private: true,
      description: 'The built GrouaRock API and web app with their production dependencies (npm run bundle)',
      type: 'commonjs',
      engines: rootManifest.engines,
      scripts: { start: 'node dist/apps/api/main.js', plans: 'node dist/apps/api/plans.js' },
      dependencies,
    },
    null,
    2,
  )}\n`,
);

// 6. The bill of materials of what the folder holds: npm's own, of this folder (its package.json and node_modules, no
// lock file), so it lists exactly the packages copied above. Not `npm sbom --omit dev` in the repository: that drops
// production packages a development one also depends on or peers with (@nestjs/core, pg, react, …; npm/cli#7909).
// npm names the root after the folder; it is the bundle.
const sbomRun = spawnSync('npm', ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application', '--omit', 'dev'], { cwd: outDir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (sbomRun.error || sbomRun.status !== 0) fail(`npm sbom failed (${sbomRun.error?.message ?? `exit ${sbomRun.status}`}):\n${sbomRun.stderr}`);
const sbom = JSON.parse(sbomRun.stdout);
sbom.metadata.component.name = BUNDLE_NAME;
const listed = new Set(sbom.components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`));
const unlisted = [...needed].map((l) => `${packages[l].name ?? l.slice(l.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${packages[l].version}`).filter((p) => !listed.has(p));
if (unlisted.length) fail(`npm sbom left out packages the bundle holds: ${unlisted.join(', ')}`);
writeFileSync(path.join(outDir, 'sbom.cdx.json'), `${JSON.stringify(sbom, null, 2)}\n`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `bundle: ${path.relative(process.cwd(), outDir) || '.'}: ${needed.size} packages (${(bytes / 1e6).toFixed(0)} MB) for ${entryNames.size} loaded by the API, ${sbom.components.length} in sbom.cdx.json, in ${seconds} s` +
    `\n  run it: node ${path.join(path.relative(process.cwd(), outDir) || '.', 'dist/apps/api/main.js')}`,
);
