import type { HttpException } from '@nestjs/common';
import etag from 'etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { type RangeAnswer, rangeNotSatisfiable, rangeOf } from './byte-range';
import { streamAnswer } from './stream-answer';
import { takeOver } from './take-over';

/** What tells one version of a file from another. */
export interface FileValidators {
  etag: string;
  lastModified: string;
}

/** The validators serve-static (send) gives a file, so that its answers and ours compare alike: a weak ETag of size and time. */
export function validatorsOf(stat: Stats): FileValidators {
  return { etag: etag(stat), lastModified: stat.mtime.toUTCString() };
}

/** The client's copy is the file's current version (If-None-Match, If-Modified-Since): a 304 answers it. */
function isFresh(headers: IncomingHttpHeaders, { etag: tag, lastModified }: FileValidators): boolean {
  return fresh(headers, { etag: tag, 'last-modified': lastModified });
}

/**
 * If-Range names this version of the file (RFC 9110 §13.1.5): an entity-tag only by strong comparison, so never a
 * weak one (ours are weak), a date only by being the file's Last-Modified.
 */
function ifRangeHolds(ifRange: string | string[] | undefined, { etag: tag, lastModified }: FileValidators): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !tag.startsWith('W/') && value === tag;
  return Date.parse(value) === Date.parse(lastModified);
}

/**
 * The range a file's answer to these request headers follows, with the preconditions first as RFC 9110 §13.2.2 orders
 * them: none when the client's copy is current (the 304 comes before any range) or when If-Range names another version
 * (the current file, whole); else the Range header as rangeOf reads it.
 */
export function rangeForFile(headers: IncomingHttpHeaders, size: number, validators: FileValidators): RangeAnswer {
  const asked = headers.range !== undefined && !isFresh(headers, validators) && ifRangeHolds(headers['if-range'], validators);
  return rangeOf(asked ? headers.range : undefined, size);
}

export interface SendFileOptions {
  /** Sent with every answer: its type, its caching. */
  headers: Record<string, string>;
  /** What the client gets when there is no such file. */
  notFound: () => HttpException;
}

/**
 * Sends a file from disk: whole, or the one range asked for (206), or a 416 naming its size; a 304 to a client whose
 * copy is current; HEAD without the body. The file is opened once and read through that handle, so a file replaced
 * meanwhile (renamed over) is sent as the size and validators that were read say.
 */
export async function sendFile(req: FastifyRequest, reply: FastifyReply, file: string, { headers, notFound }: SendFileOptions): Promise<void> {
  const handle = await open(file).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return undefined;
    throw e;
  });
  if (!handle) throw notFound();
  let streaming = false;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notFound();
    const validators = validatorsOf(stat);
    const head: Record<string, string> = { ...headers, ETag: validators.etag, 'Last-Modified': validators.lastModified };
    if (isFresh(req.headers, validators)) {
      // Without a body, and so without its type; its caching and validators as a 200 would have them.
      takeOver(reply)
        .writeHead(304, Object.fromEntries(Object.entries(head).filter(([name]) => name.toLowerCase() !== 'content-type')))
        .end();
      return;
    }
    const answer = rangeForFile(req.headers, stat.size, validators);
    if (answer.kind === 'unsatisfiable') throw rangeNotSatisfiable(stat.size);
    const range = answer.kind === 'part' ? answer.range : undefined;
    // The stream closes the handle when it ends or is destroyed.
    const body = handle.createReadStream(range ?? {});
    streaming = true;
    await streamAnswer(req, reply, body, { headers: head, length: range ? range.end - range.start + 1 : stat.size, part: range && { range, size: stat.size } });
  } finally {
    if (!streaming) await handle.close();
  }
}
