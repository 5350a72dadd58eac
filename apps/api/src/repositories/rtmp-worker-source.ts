import { transformSync } from '@swc/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const SOURCE = path.join(__dirname, 'rtmp-worker.ts');

/**
 * The RTMP worker run from the sources (the API tests), where there is no bundle of it: its TypeScript compiled in
 * memory with swc, as jest compiles the rest, and run with a `require` of its own file's, as its bundle would have.
 * Only rtmp-ingest.ts loads this file, by a path the bundler leaves alone: the built server has none of it.
 */
export function workerFromSource(options: WorkerOptions): Worker {
  const { code } = transformSync(readFileSync(SOURCE, 'utf8'), {
    filename: SOURCE,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const [file, dir] = [JSON.stringify(SOURCE), JSON.stringify(path.dirname(SOURCE))];
  const module = `(function (exports, require, module, __filename, __dirname) {\n${code}\n})({}, require('node:module').createRequire(${file}), { exports: {} }, ${file}, ${dir});`;
  return new Worker(module, { ...options, eval: true });
}
