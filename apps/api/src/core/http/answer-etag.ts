import etag from 'etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** Express's default ETag function: a weak tag of the body's length and SHA-1, the one every answer had before. */
export function weakEtagOf(body: string | Buffer): string {
  return etag(body, { weak: true });
}

/**
 * What Express's res.send did to every answer with a body and Fastify does not (docs/request-path.md, step 7): a weak
 * ETag unless the answer has one (PreparedJson brings its own, made once), and a 304 without a body to a GET or HEAD
 * whose If-None-Match (or If-Modified-Since) shows the client's copy is current. Streams are left as they are.
 */
export function etagAndFreshness(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  let tag = reply.getHeader('etag') as string | undefined;
  if (tag === undefined) {
    tag = weakEtagOf(payload);
    reply.header('ETag', tag);
  }
  const status = reply.statusCode;
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && ((status >= 200 && status < 300) || status === 304) && fresh(request.headers, { etag: tag, 'last-modified': reply.getHeader('last-modified') as string | undefined })) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('transfer-encoding');
    return done(null, null);
  }
  done(null, payload);
}
