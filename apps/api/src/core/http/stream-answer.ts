import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from '../../repositories/media-storage';
import { contentRangeOf } from './byte-range';
import { takeOver } from './take-over';

export interface StreamedAnswer {
  headers: Record<string, string>;
  /** The bytes `body` holds. */
  length: number;
  /** The part of the file `body` is, and the file's size; none for the whole file. */
  part?: { range: ByteRange; size: number };
}

/**
 * Streams a file's bytes (or a part of them) on node's response (take-over.ts): 206 with Content-Range for a part, 200
 * for the whole, both saying that ranges are accepted; HEAD gets the head alone.
 */
export async function streamAnswer(req: FastifyRequest, reply: FastifyReply, body: Readable, { headers, length, part }: StreamedAnswer): Promise<void> {
  const raw = takeOver(reply);
  raw.writeHead(part ? 206 : 200, {
    ...headers,
    'Accept-Ranges': 'bytes',
    'Content-Length': String(length),
    ...(part ? { 'Content-Range': contentRangeOf(part.range, part.size) } : {}),
  });
  if (req.method === 'HEAD') {
    body.destroy();
    raw.end();
    return;
  }
  // A client that leaves mid-file, or a source that fails mid-file, ends this answer and nothing else.
  await pipeline(body, raw).catch(() => raw.destroy());
}
