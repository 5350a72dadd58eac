import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'node:worker_threads';
import { redactStreamKeys } from '../core/security/stream-keys';
import type { RtmpWorkerCommand, RtmpWorkerData, RtmpWorkerEvent } from './rtmp-worker';
import { newWorker, RestartingWorker } from './workers';

/** An encoder asking to publish: its session in the worker (to `drop` it), the app and stream name (the key) it gave. */
export type RtmpPublish = Omit<Extract<RtmpWorkerEvent, { type: 'publish' }>, 'type'>;

export interface RtmpIngestOptions {
  port: number;
  bind?: string;
}

/**
 * The RTMP ingest for OBS and other encoders (docs/live.md, "Ingest"): node-media-server in a worker thread
 * (rtmp-worker.ts), so its exits and logging stay there. The worker reports each encoder that asks to publish and
 * keeps no keys; the API answers by dropping the ones it refuses, and drops a publisher whose stream is over.
 */
@Injectable()
export class RtmpIngest implements OnModuleDestroy {
  private readonly logger = new Logger('RtmpIngest');
  private readonly restarting = new RestartingWorker('RTMP worker', this.logger, () => this.spawn());
  private listener?: (publish: RtmpPublish) => void;
  private options?: RtmpIngestOptions;

  /**
   * Starts the server; rejects when it cannot listen (the port is taken). Should its worker die later (hostile input
   * reaching a bug in node-media-server), it starts again a second later; it has nothing to be told.
   */
  async start(options: RtmpIngestOptions, listener: (publish: RtmpPublish) => void): Promise<void> {
    this.options = options;
    this.listener = listener;
    await this.restarting.start();
  }

  private async spawn(): Promise<Worker> {
    const options = this.options!;
    const workerData: RtmpWorkerData = { bind: options.bind ?? '0.0.0.0', port: options.port };
    const worker = newWorker('live-rtmp-worker.js', 'rtmp-worker.ts', { stdout: true, stderr: true, workerData });
    const output: string[] = [];
    // node-media-server logs every session at debug level to its console; kept for a failed start, then dropped.
    worker.stdout.on('data', (chunk: Buffer) => output.length < 200 && output.push(chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => this.logger.warn(redactStreamKeys(chunk.toString().trim())));
    await new Promise<void>((resolve, reject) => {
      const failed = (why: string) => reject(new Error(`RTMP ingest could not start on port ${options.port}: ${why}${output.length ? `\n${redactStreamKeys(output.join('').trim())}` : ''}`));
      worker.once('error', (e) => failed(e.message));
      worker.once('exit', (code) => failed(`its worker ended (${code})`));
      worker.on('message', (message: RtmpWorkerEvent) => message.type === 'ready' && resolve());
    });
    worker.removeAllListeners('exit').removeAllListeners('error');
    worker.stdout.removeAllListeners('data').on('data', () => undefined);
    worker.on('message', ({ type, ...publish }: RtmpWorkerEvent) => type === 'publish' && this.listener?.(publish as RtmpPublish));
    worker.on('error', (e) => this.logger.error(`RTMP worker failed: ${redactStreamKeys(e.message)}`));
    return worker;
  }

  /** The worker, while one runs (live.e2e-spec.ts ends it through this, as a crash would). */
  private get worker(): Worker | undefined {
    return this.restarting.current;
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Closes a publisher's session: refused, or its stream is over. A session the worker no longer has is nothing. */
  drop(session: string): void {
    this.send({ type: 'drop', session });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.restarting.stop();
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ type: 'stop' } satisfies RtmpWorkerCommand);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    await worker.terminate();
  }

  private send(command: RtmpWorkerCommand): void {
    this.worker?.postMessage(command);
  }
}
