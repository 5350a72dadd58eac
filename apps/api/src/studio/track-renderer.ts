import { generateTrack, type Track, type TrackOptions } from '@grouarock/music-generator';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

type Reply = { id: number; track: Track; error?: undefined } | { id: number; error: string };

/**
 * Renders the built-in generator's tracks off the event loop, in one worker thread (requests queue there). The worker is
 * the built server's `studio-render-worker.js`; run from the sources (tests), where there is no such bundle, it renders
 * in place. A worker that dies fails what it was rendering and is started again for the next track.
 */
@Injectable()
export class TrackRenderer implements OnModuleDestroy {
  private readonly logger = new Logger('TrackRenderer');
  private readonly workerFile = path.join(__dirname, 'studio-render-worker.js');
  /** Whether this is the built server, with the worker's bundle beside it (looked up once). */
  private readonly inWorker = existsSync(this.workerFile);
  private worker?: Worker;
  private readonly pending = new Map<number, { resolve: (t: Track) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  render(options: TrackOptions): Promise<Track> {
    if (!this.inWorker) return Promise.resolve().then(() => generateTrack(options));
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<Track>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, options });
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile);
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiting?.reject(new Error(`The generator failed: ${reply.error}`));
      else waiting?.resolve(reply.track);
    });
    const died = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      if (this.pending.size) this.logger.warn(`The render worker ended (${why}); ${this.pending.size} track(s) failed`);
      for (const { reject } of this.pending.values()) reject(new Error(`The render worker ended (${why})`));
      this.pending.clear();
    };
    worker.on('error', (e) => died(e.message));
    worker.on('exit', (code) => died(`exit ${code}`));
    // An idle worker does not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
