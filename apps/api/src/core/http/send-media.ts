import { HttpException, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rangeNotSatisfiable, rangeOf } from './byte-range';
import { streamAnswer } from './stream-answer';
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
 * whole file otherwise (rangeOf decides), or a redirect to the CDN when one is configured. A store that does not
 * answer is a 503.
 */
export async function sendMedia(req: FastifyRequest, res: FastifyReply, storage: MediaStorage, key: string, options: SendMediaOptions): Promise<void> {
  if (options.publicUrl) {
    void res.redirect(`${options.publicUrl}/${key}`, 302);
    return;
  }
  let part: { range: ByteRange; size: number } | undefined;
  if (req.headers.range) {
    const size = await fromStorage(() => storage.size(key));
    if (size === undefined) throw options.notFound();
    const answer = rangeOf(req.headers.range, size);
    if (answer.kind === 'unsatisfiable') throw rangeNotSatisfiable(size);
    if (answer.kind === 'part') part = { range: answer.range, size };
  }
  const found = await fromStorage(() => storage.get(key, part?.range));
  if (!found) throw options.notFound();
  await streamAnswer(req, res, found.body, { headers: options.headers, length: found.length, part });
}
