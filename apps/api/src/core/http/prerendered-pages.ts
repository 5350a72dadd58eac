import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import accepts from 'accepts';
import fresh from 'fresh';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSP_DIRECTIVES, type Directives, htmlPolicy, inlineStylesOf, sendHtmlPolicy, withHashes } from './content-security-policy';

/** Where the web build writes its prerendered pages, sitemap.xml and robots.txt (apps/web/build/prerender.ts). */
export const PAGES_DIR = '.pages';

/**
 * What the build wrote where the site's own address goes (canonical links, og:url, the sitemap, the API's address on
 * /api): the same token as apps/web/src/lib/site-origin.ts, replaced here with PUBLIC_URL.
 */
export const PUBLIC_URL_TOKEN = '__GROUAROCK_PUBLIC_URL__';

/**
 * What the build wrote where the number of stations goes (the home page's texts, and a meta element the page reads
 * before hydrating): the same token as apps/web/src/lib/station-count.ts, replaced here with the catalogue's size.
 */
export const STATION_COUNT_TOKEN = '__GROUAROCK_STATION_COUNT__';

/** What the server writes into the pages in place of the build's tokens. */
export interface PageValues {
  publicUrl: string;
  /** The stations of the catalogue the server serves (STATIONS_FILE or the built-in one). */
  stationCount: number;
  /** The Content-Security-Policy's directives a page's own styles are added to (the common ones unless given). */
  directives?: Directives;
}

interface Prepared {
  type: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /**
   * A page's Content-Security-Policy: the common one with the hashes of the page's inline styles (emotion's rules of its
   * first paint, MUI's few style attributes), made once here as the page is, its nonce filled per answer; undefined for
   * what is not HTML.
   */
  csp?: string;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

/** The address a file answers: index.html is `/`, radio.html `/radio`, tutorial/x.html `/tutorial/x`, sitemap.xml itself. */
function addressOf(file: string): string {
  const url = `/${file.split(path.sep).join('/')}`;
  if (!url.endsWith('.html')) return url;
  return url === '/index.html' ? '/' : url.slice(0, -'.html'.length);
}

/**
 * The prerendered public pages with PUBLIC_URL and the station count in place of the build's tokens, each kept in
 * memory as it is, as brotli and as gzip, with a strong ETag: loaded once at boot, sent without touching the disk.
 */
export class PrerenderedPages {
  private readonly pages = new Map<string, Prepared>();

  constructor(webRoot: string, { publicUrl, stationCount, directives = CSP_DIRECTIVES }: PageValues) {
    const dir = path.join(webRoot, PAGES_DIR);
    if (!existsSync(dir)) return;
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const type = TYPES[path.extname(file)];
      if (!type) continue;
      const identity = Buffer.from(readFileSync(path.join(dir, file), 'utf8').replaceAll(PUBLIC_URL_TOKEN, publicUrl).replaceAll(STATION_COUNT_TOKEN, String(stationCount)));
      this.pages.set(addressOf(file), {
        type,
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
        gzip: gzipSync(identity, { level: 9 }),
        csp: path.extname(file) === '.html' ? htmlPolicy(withHashes(directives, inlineStylesOf(identity.toString('utf8')))) : undefined,
      });
    }
  }

  get size(): number {
    return this.pages.size;
  }

  /** The page for a request's path (a trailing slash aside), or undefined. */
  find(requestPath: string): Prepared | undefined {
    return this.pages.get(requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath);
  }

  /** Sends a page: brotli or gzip as the client accepts, 304 when its copy is current; HEAD without the body. */
  send(req: IncomingMessage, res: ServerResponse, page: Prepared): void {
    // Brotli whenever accepted (browsers list gzip first at the same weight), else gzip, else as it is.
    const accepted = accepts(req);
    const encoding = accepted.encoding('br') ? 'br' : accepted.encoding('gzip') ? 'gzip' : undefined;
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
    // In place of the common policy the request's first hook set (the same place among the headers).
    if (page.csp) sendHtmlPolicy(res, page.csp);
    res.setHeader('Content-Type', page.type);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', page.etag);
    if (fresh(req.headers, { etag: page.etag })) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
