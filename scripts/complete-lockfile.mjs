#!/usr/bin/env node
// Runs after every `npm install` (the root package's postinstall).
//
// The registry these machines reach mirrors only some versions of some platform binaries (for example
// @swc/core-darwin-arm64@1.16.22 answers 404). npm then leaves those optional dependencies out of
// package-lock.json, and `npm ci` refuses the lock as "out of sync". Here each missing optional
// platform package gets an entry restricted to its platform (inferred from its name), which `npm ci`
// skips on every other platform, exactly as it would had the registry answered.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'android', 'sunos', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.filter((t) => OS.includes(t));
  const cpu = tokens.filter((t) => CPU.includes(t) || t === 'x86_64');
  const libc = tokens.some((t) => t.startsWith('musl')) ? ['musl'] : tokens.some((t) => t.startsWith('gnu')) ? ['glibc'] : [];
  return {
    ...(os.length ? { os } : {}),
    ...(cpu.length ? { cpu: cpu.map((c) => (c === 'x86_64' ? 'x64' : c)) } : {}),
    ...(libc.length ? { libc } : {}),
  };
}

/** Where Node would look for `name` from the package at `from` (its own node_modules, then upwards). */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
    if (resolves(location, name) || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue;
    packages[`node_modules/${name}`] ??= { version: spec, optional: true, ...platform };
    added += 1;
  }
}

if (added) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} optional platform package(s) the registry does not serve`);
}
