import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

/**
 * node's response of a reply Fastify lets go of (reply.hijack: a file streamed, server-sent events, passport's
 * redirects), with the headers set on the reply so far copied onto it (the limits', say; the security headers and
 * the request id are on it already), so it answers as a reply Fastify sent would have.
 */
export function takeOver(reply: FastifyReply): ServerResponse {
  const res = reply.hijack().raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
  return res;
}
