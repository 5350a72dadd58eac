import { HttpException, HttpStatus } from '@nestjs/common';
import type { ByteRange } from '../../repositories/media-storage';

/** What a file's answer to a Range header is: all of it (200), one part (206), or none (416). */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };

/** One range-spec of RFC 9110 §14.1.1: `first-last`, `first-`, or the suffix `-length`; digits only. */
const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * How a file of `size` bytes answers a Range header: every file we serve (stored media, ad spots, the web app's files)
 * asks this alone, so a header means the same everywhere (RFC 9110 §14.1.2, §14.2).
 *
 * - The whole file for no header, and for one we ignore (a server may, §14.2): another unit than bytes, a malformed or
 *   invalid ranges-specifier (`bytes=5-3`: last before first), or several ranges (we send no multipart answers).
 * - One part for a satisfiable range, clamped to the file: an end past it ends at its last byte, a suffix longer than
 *   the file is all of it (`bytes=0-` and `bytes=-N` with N ≥ size come as 206 over the whole file, which players
 *   ask for to learn that they can seek).
 * - Unsatisfiable when the range is well formed but holds no byte of the file: a first byte at or past its end
 *   (so any range but a suffix, of an empty file), or the empty suffix `bytes=-0`.
 * A suffix of an empty file (`bytes=-5`) is satisfiable but no 206 can say so (it has no first byte): the whole, empty file.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE;
  const equals = header.indexOf('=');
  if (equals < 0 || header.slice(0, equals).toLowerCase() !== 'bytes') return WHOLE;
  // A list (RFC 9110 §5.6.1): whitespace around its commas and empty elements are allowed and mean nothing.
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter(Boolean);
  if (specs.length !== 1) return WHOLE;
  const [, first, last] = RANGE_SPEC.exec(specs[0]) ?? [];
  if (first === undefined || (first === '' && last === '')) return WHOLE;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return UNSATISFIABLE;
    return size === 0 ? WHOLE : { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'part', range: { start, end: Math.min(end, size - 1) } };
}

/** The Content-Range of a part of a file of `size` bytes. */
export function contentRangeOf({ start, end }: ByteRange, size: number): string {
  return `bytes ${start}-${end}/${size}`;
}

/**
 * The 416 for an unsatisfiable range, as our usual JSON error, with the file's size in its Content-Range (the
 * exceptions filter sends an exception's `headers`) so that the client can ask again within it.
 */
export function rangeNotSatisfiable(size: number): HttpException {
  return Object.assign(
    new HttpException({ message: `The range asked for holds no byte of this file, which has ${size} bytes`, code: 'range_not_satisfiable' }, HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE),
    { headers: { 'Content-Range': `bytes */${size}` } },
  );
}
