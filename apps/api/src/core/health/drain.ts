import { Injectable } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PREFIX } from '../http/openapi';
import { Metrics } from '../metrics/metrics';

/** Answers that last as long as the listener stays (a radio stream): never waited for; they close last, with the app. */
const ENDLESS = new RegExp(`^/${API_PREFIX}/radio/[^/?]+/stream(?:\\?|$)`, 'i');

/**
 * The drain of a stopping process (docs/operations.md, "Health, readiness and the drain"): from SIGTERM on it answers
 * not-ready, stops taking connections, and lets the requests in flight finish; the radio listeners and sockets are
 * closed last (with the application), so their clients reconnect to another replica while this one still finishes its
 * work.
 */
@Injectable()
export class Drain {
  private started?: number;
  /** Requests this process is answering, endless ones excluded. */
  private inFlight = 0;

  constructor(metrics: Metrics) {
    metrics.draining.read(() => [[{}, this.draining ? 1 : 0]]);
  }

  get draining(): boolean {
    return this.started !== undefined;
  }

  /** Counts every request of `server` until its answer ends (or its client leaves). */
  watch(server: Server): void {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (ENDLESS.test(req.url ?? '')) return;
      this.inFlight++;
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        this.inFlight--;
      };
      res.once('finish', end);
      res.once('close', end);
    });
  }

  /**
   * Not-ready from now on; the server stops taking connections, and this resolves once the requests in flight are
   * answered, or after `graceMs`, whichever is first. Idle keep-alive connections are closed as they become idle, so the
   * balancer's next request goes to another replica rather than to one that is going away.
   */
  async begin(server: Server, graceMs: number): Promise<void> {
    this.started ??= Date.now();
    if (server.listening) server.close();
    const deadline = Date.now() + graceMs;
    for (;;) {
      server.closeIdleConnections();
      if (this.inFlight <= 0 || Date.now() >= deadline) return;
      await sleep(50);
    }
  }

  /** Requests still being answered (for the log). */
  get pending(): number {
    return this.inFlight;
  }
}
