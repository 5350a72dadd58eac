import { transformSync } from '@swc/core';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker (rtmp-worker.ts, webrtc-worker.ts) run from the sources (the API tests), where there is no bundle of it:
 * its TypeScript compiled in memory with swc, as jest compiles the rest, and run with a `require` of its own file's,
 * as its bundle would have; the files of ours it imports are compiled and run likewise. Only the ingest classes load
 * this file, by a path the bundler leaves alone: the built server has none of it.
 */
export function workerFromSource(file: string, options: WorkerOptions): Worker {
  return new Worker(compiled(file), { ...options, eval: true });
}

/**
 * A worker process (webrtc-worker.ts) run from the sources: its compiled code given to a new Node process with `-e`,
 * with the same `require` of its own file's, and an IPC channel as `fork` gives.
 */
export function processFromSource(file: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-e', compiled(file)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
}

/**
 * The file's code as CommonJS, with the files of ours it imports (relative TypeScript imports, compiled likewise): each
 * runs as its module, with a `require` of its own file's, as the bundle would have run them.
 */
function compiled(file: string): string {
  const modules = new Map<string, string>();
  const visit = (source: string) => {
    if (modules.has(source)) return;
    const { code } = transformSync(readFileSync(source, 'utf8'), {
      filename: source,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    modules.set(source, code);
    for (const [, specifier] of code.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) visit(path.join(path.dirname(source), `${specifier}.ts`));
  };
  const entry = path.join(__dirname, file);
  visit(entry);
  const table = [...modules].map(([name, code]) => `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname) {\n${code}\n}`);
  return `(() => {
const sources = {${table.join(',\n')}};
const loaded = {};
const path = require('node:path');
function load(name) {
  if (loaded[name]) return loaded[name].exports;
  const module = (loaded[name] = { exports: {} });
  const own = require('node:module').createRequire(name);
  const local = (specifier) => (specifier.startsWith('.') ? load(path.join(path.dirname(name), specifier + '.ts')) : own(specifier));
  sources[name].call(module.exports, module.exports, local, module, name, path.dirname(name));
  return module.exports;
}
load(${JSON.stringify(entry)});
})();`;
}
