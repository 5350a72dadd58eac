import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

/** The web app's catch-all route (web-app.module.ts): one label for every page and file, not one per path. */
const WEB_APP_ROUTE = '/*';

/** The route template of a request (bounded: the routes the app declares), `web` for the web app, `unmatched` for none. */
export function routeLabel(request: Pick<FastifyRequest, 'routeOptions'>): string {
  const url = request.routeOptions.url;
  if (!url) return 'unmatched';
  return url === WEB_APP_ROUTE ? 'web' : url;
}

/** `2xx`…`5xx` of a status code. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * Times every request from the moment it is routed to the moment its answer ends on node's response, whoever wrote it
 * (Fastify, or a handler that took the response over to stream a file). An answer that never ends (a radio stream,
 * whose connection is handed over, or an upgraded socket) is never counted.
 */
export function measureRequests(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const started = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpDuration.observe({ method: request.method, route: routeLabel(request), status_class: statusClass(reply.raw.statusCode) }, seconds);
    });
    done();
  });
}
