import { parse, serialize, type CookieSerializeOptions } from 'cookie';
import type { FastifyReply } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A cookie's options as Express's res.cookie took them: maxAge in milliseconds. */
export type CookieOptions = Omit<CookieSerializeOptions, 'maxAge' | 'encode'> & { maxAge?: number };

/**
 * Sets a cookie exactly as Express's res.cookie did (the same Set-Cookie line): maxAge in ms becomes Max-Age in seconds
 * and an Expires, the path defaults to /, and the value is URI-encoded. Each call adds a Set-Cookie header.
 */
export function setCookie(reply: FastifyReply | ServerResponse, name: string, value: string, options: CookieOptions = {}): void {
  const { maxAge, ...rest } = options;
  const serialized: CookieSerializeOptions = { ...rest, path: rest.path ?? '/' };
  if (maxAge !== undefined) {
    serialized.expires = new Date(Date.now() + maxAge);
    serialized.maxAge = Math.floor(maxAge / 1000);
  }
  const line = serialize(name, value, serialized);
  // A raw response where the framework has let go of it (the OAuth flow's redirects).
  if ('raw' in reply) reply.header('Set-Cookie', line);
  else reply.appendHeader('Set-Cookie', line);
}

/** Clears a cookie as Express 5's res.clearCookie did: an empty value that expired in 1970, on the same path. */
export function clearCookie(reply: FastifyReply | ServerResponse, name: string, options: CookieOptions = {}): void {
  const { maxAge: _ignored, ...rest } = options;
  setCookie(reply, name, '', { ...rest, expires: new Date(1) });
}

/** The request's cookies by name, decoded as cookie-parser decoded them (only where a route reads one). */
export function cookiesOf(req: Pick<IncomingMessage, 'headers'>): Record<string, string | undefined> {
  return req.headers.cookie ? parse(req.headers.cookie) : {};
}
