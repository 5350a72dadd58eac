import type { RawBodyRequest } from '@nestjs/common';
import { json, type RequestHandler, urlencoded } from 'express';
import type { IncomingMessage } from 'node:http';

/**
 * JSON and form bodies, read as Nest's own parsers read them (the same limits; the bytes kept as req.rawBody), but only
 * for the methods that carry one: a GET or HEAD, most of the API's traffic, is not looked at (docs/request-path.md).
 */
export function requestBodies(): RequestHandler {
  const keepRaw = (req: IncomingMessage, _res: unknown, bytes: Buffer) => void ((req as RawBodyRequest<IncomingMessage>).rawBody = bytes);
  const jsonBody = json({ verify: keepRaw });
  const formBody = urlencoded({ extended: true, verify: keepRaw });
  return function requestBodies(req, res, next) {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    jsonBody(req, res, (error?: unknown) => (error ? next(error) : formBody(req, res, next)));
  };
}
