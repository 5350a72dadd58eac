import { OFFLINE_CACHE } from './offline-keys';

/** A single byte range of a file of `size` bytes, inclusive; null when the header asks for none we serve. */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A kept file answered as the server would: the whole of it, or the one range a media element asks for (206), from
 * the cached full body. Media elements always ask with Range, and a cached 200 alone would not let them seek.
 */
export async function respondFromBody(cached: Response, rangeHeader: string | null): Promise<Response> {
  const body = await cached.blob();
  const type = cached.headers.get('content-type') ?? 'application/octet-stream';
  const headers = { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store' };
  const range = rangeHeader ? parseRange(rangeHeader, body.size) : null;
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${body.size}` } });
  if (!range) return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(body.size) } });
  const part = body.slice(range.start, range.end + 1, type);
  return new Response(part, {
    status: 206,
    headers: { ...headers, 'Content-Length': String(part.size), 'Content-Range': `bytes ${range.start}-${range.end}/${body.size}` },
  });
}

/** What the service worker answers for a path under OFFLINE_PREFIX: the kept file, or a 404 when it is not kept. */
export async function answerFromCache(request: Request, storage: CacheStorage = caches): Promise<Response> {
  const cached = await (await storage.open(OFFLINE_CACHE)).match(request.url, { ignoreVary: true });
  if (!cached) return new Response(null, { status: 404, statusText: 'Not kept offline' });
  return respondFromBody(cached, request.headers.get('range'));
}
