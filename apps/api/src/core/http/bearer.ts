import type { Request } from 'express';

/** The bearer token of the Authorization header, if it has one. */
export function bearerOf(request: Pick<Request, 'get'>): string | undefined {
  const [scheme, token] = (request.get('authorization') ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}
