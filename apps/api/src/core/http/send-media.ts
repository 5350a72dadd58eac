import { pipeline } from 'node:stream/promises';
import { HttpException, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { takeOver } from './take-over';
import { type ByteRange, type MediaStorage, StorageUnavailableError } from '../../repositories/media-storage';

export interface SendMediaOptions {
  /** What the client gets when the store has no such file. */
  notFound: () => HttpException;
  headers: Record<string, string>;
  /** A CDN or public bucket serving the same keys (MEDIA_PUBLIC_URL): the client is sent there instead. */
  publicUrl?: string;
}

/** The store could not answer: a 503 the client may retry, with a message that says so. */
export const storageUnavailable = () =>
  new ServiceUnavailableException({ message: 'Media storage does not answer right now; try again in a moment', code: 'storage_unavailable' });

/** Runs a store call, turning the store's failure into the client's 503. */
export async function fromStorage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof StorageUnavailableError) throw storageUnavailable();
    throw e;
  }
}

/**
 * Sends a stored file, whichever API process wrote it: a single byte range when asked (seeking in a track), the
 * whole file otherwise, or a redirect to the CDN when one is configured. A store that does not answer is a 503.
 */
export async function sendMedia(req: FastifyRequest, res: FastifyReply, storage: MediaStorage, key: string, options: SendMediaOptions): Promise<void> {
  if (options.publicUrl) {
    void res.redirect(`${options.publicUrl}/${key}`, 302);
    return;
  }
  let range: ByteRange | undefined;
  let size: number | undefined;
  if (req.headers.range) {
    size = await fromStorage(() => storage.size(key));
    if (size === undefined) throw options.notFound();
    const asked = parseRange(size, req.headers.range, { combine: true });
    if (asked === -1) {
      void res.status(416).header('Content-Range', `bytes */${size}`).send({ statusCode: 416, error: 'Range Not Satisfiable', message: `The file has ${size} bytes` });
      return;
    }
    // A malformed header, or several ranges: the whole file, as RFC 9110 allows.
    if (Array.isArray(asked) && asked.length === 1) range = asked[0];
  }
  const found = await fromStorage(() => storage.get(key, range));
  if (!found) throw options.notFound();
  // Streamed on node's response (take-over.ts).
  const raw = takeOver(res);
  raw.writeHead(range ? 206 : 200, {
    ...options.headers,
    'Accept-Ranges': 'bytes',
    'Content-Length': String(found.length),
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
  });
  if (req.method === 'HEAD') {
    found.body.destroy();
    raw.end();
    return;
  }
  // A client that leaves mid-file, or a store that fails mid-file, ends this response and nothing else.
  await pipeline(found.body, raw).catch(() => raw.destroy());
}
