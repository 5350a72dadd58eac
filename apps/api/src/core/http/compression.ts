import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';

/**
 * Compression is done once: the web app's files when it is built (apps/web/vite.config.ts writes a .br and a .gz
 * beside each text file, which web-app.module.ts sends), and the API's own answers here, as they go out. Neither
 * touches a stream.
 */

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;
/** Brotli's quality for answers made per request: near gzip 6 in speed, smaller; 11 is for the build. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * Sent as they are made (a compressor would hold them back until it has a block: the assistant's streamed reply would
 * arrive at once, the radio and live video late), or compressed already (audio, video, photos). Most of these fail the
 * usual "compressible" test too; server-sent events, being text, would not.
 */
const NEVER_COMPRESSED = /^\s*(?:text\/event-stream|audio\/|video\/|image\/(?!svg\+xml)|application\/(?:vnd\.apple\.mpegurl|x-mpegurl|ogg|octet-stream))/i;

/**
 * The API's answers (JSON, Swagger UI's page, the OpenAPI document), compressed when the client accepts br (preferred)
 * or gzip and they are 1 kB or more. Never: the kinds above; a file sent with byte ranges (stored media, the web app's
 * files: compressing would change the length the ranges count in); an answer that says `Cache-Control: no-transform`,
 * is encoded already (the web app's .br and .gz), or a HEAD; a request without Accept-Encoding gets the bytes as they are.
 */
export function compressResponses(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  // compression's types name Express's request and response; it reads and patches node's alone.
  return compression({
    threshold: THRESHOLD_BYTES,
    level: GZIP_LEVEL,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (req, res) => {
      if (res.statusCode === 206 || res.hasHeader('Accept-Ranges') || res.hasHeader('Content-Range')) return false;
      if (NEVER_COMPRESSED.test(String(res.getHeader('Content-Type') ?? ''))) return false;
      return compression.filter(req, res);
    },
  }) as unknown as ReturnType<typeof compressResponses>;
}
