import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Metrics } from './metrics';

/** Whether the Authorization header carries `token` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The metrics listener (METRICS_PORT): `GET /metrics` and nothing else, on a port of its own so that neither the public
 * port nor the balancer ever serves it (Prometheus' advice: instrumented programs' metrics are not for public networks).
 * It opens after the application and closes after everything else stopped, so a draining process is still scraped.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** The port it listens on (METRICS_PORT, or the one the system chose for 0 in tests); undefined when off. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const settings = this.config.metrics;
    if (!settings) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?', 1)[0];
      const answer = (status: number, message: string, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify({ statusCode: status, message }));
      if (path !== '/metrics') return answer(404, 'Metrics are at /metrics');
      if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'GET /metrics', { Allow: 'GET, HEAD' });
      if (settings.token && !bearerMatches(req.headers.authorization, settings.token)) {
        return answer(401, 'Metrics need Authorization: Bearer <METRICS_TOKEN>', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
      }
      this.metrics.text().then(
        (text) => res.writeHead(200, { 'Content-Type': this.metrics.contentType }).end(req.method === 'HEAD' ? undefined : text),
        (e: Error) => {
          this.logger.warn(`Collecting metrics failed: ${e.message}`);
          answer(500, 'Collecting metrics failed');
        },
      );
    });
    // A scrape is short: a client that holds the socket open is let go.
    server.requestTimeout = 10_000;
    server.headersTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, () => (server.off('error', reject), resolve()));
    });
    this.server = server;
    this.logger.log(`Metrics at http://localhost:${this.port}/metrics${settings.token ? ' (bearer token)' : ''}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
