import { transformSync } from '@swc/core';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker (rtmp-worker.ts, webrtc-worker.ts) run from the sources (the API tests), where there is no bundle of it:
 * its TypeScript compiled in memory with swc, as jest compiles the rest, and run with a `require` of its own file's,
 * as its bundle would have. A worker file run this way imports nothing of ours (only packages and node:). Only the
 * ingest classes load this file, by a path the bundler leaves alone: the built server has none of it.
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

/** The file's code as CommonJS, run as its module with a `require` of its own file's. */
function compiled(file: string): string {
  const source = path.join(__dirname, file);
  const { code } = transformSync(readFileSync(source, 'utf8'), {
    filename: source,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const [name, dir] = [JSON.stringify(source), JSON.stringify(path.dirname(source))];
  return `(function (exports, require, module, __filename, __dirname) {\n${code}\n})({}, require('node:module').createRequire(${name}), { exports: {} }, ${name}, ${dir});`;
}
