import type { Logger } from '@nestjs/common';
import { type ChildProcess, fork } from 'node:child_process';
import type { EventEmitter } from 'node:events';
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

/**
 * One worker of a repository kept running, a thread or a process (rtmp-ingest.ts, webrtc-engine.ts): `start` starts
 * it through `spawn`, which resolves with it once it is ready and rejects when it cannot start. A worker that ends by
 * itself later (hostile input reaching a bug in native code or a package) is started again a second later, and every
 * 5 s while that fails; `stop` ends that, and hands the worker over to be stopped.
 */
export class RestartingWorker<W extends EventEmitter> {
  private worker?: W;
  private stopping = false;

  constructor(
    /** What the log calls it: "RTMP worker". */
    private readonly name: string,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly spawn: () => Promise<W>,
    /** The worker ended by itself, before another is started: what it held is gone. */
    private readonly onEnded: () => void = () => undefined,
  ) {}

  /** The worker, while one runs. */
  get current(): W | undefined {
    return this.worker;
  }

  async start(): Promise<void> {
    const worker = await this.spawn();
    // A thread's exit gives its code; a process's gives its code, or the signal that ended it.
    worker.once('exit', (code: number | null, signal?: NodeJS.Signals | null) => this.ended(worker, code ?? signal));
    this.worker = worker;
  }

  /** No worker is started any more; the one running, if any, is returned for its owner to stop. */
  stop(): W | undefined {
    this.stopping = true;
    const worker = this.worker;
    this.worker = undefined;
    return worker;
  }

  private ended(worker: W, how: number | string | null | undefined): void {
    if (this.stopping || this.worker !== worker) return;
    this.worker = undefined;
    this.logger.error(`${this.name} ended (${how}); starting it again`);
    this.onEnded();
    setTimeout(() => void this.restart(), 1000).unref();
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    await this.start().catch((e: Error) => {
      this.logger.error(`${e.message}; trying again in 5 s`);
      setTimeout(() => void this.restart(), 5000).unref();
    });
  }
}
