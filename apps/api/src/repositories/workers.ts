import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type * as FromSource from './worker-source';

/**
 * A worker thread of ours: its bundle beside main.js (apps/api/tsup.config.ts); from the sources, where there is none
 * (the API tests), its TypeScript file through worker-source.ts, loaded by a computed path so that the bundler leaves
 * it (and the compiler it uses) out of the built server.
 */
export function newWorker(bundle: string, source: string, options: WorkerOptions): Worker {
  const bundled = path.join(__dirname, bundle);
  if (existsSync(bundled)) return new Worker(bundled, options);
  return fromSource().workerFromSource(source, options);
}

/** A worker process of ours (IPC for messages, its output ours): its bundle, or its TypeScript file from the sources. */
export function newWorkerProcess(bundle: string, source: string, env: Record<string, string>): ChildProcess {
  const bundled = path.join(__dirname, bundle);
  if (existsSync(bundled)) return fork(bundled, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  return fromSource().processFromSource(source, env);
}

function fromSource(): typeof FromSource {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only from the sources, see newWorker
  return require(path.join(__dirname, 'worker-source')) as typeof FromSource;
}
