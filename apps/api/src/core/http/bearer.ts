import type { IncomingHttpHeaders } from 'node:http';

/** The bearer token of the Authorization header, if it has one. */
export function bearerOf(request: { headers: IncomingHttpHeaders }): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}
