import { BadRequestException, type DynamicModule, Inject, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import expressStaticGzip from 'express-static-gzip';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { StationRepository } from '../../repositories/station.repository';
import { rangeNotSatisfiable } from './byte-range';
import { API_PREFIX, DOCS_PATH } from './openapi';
import { CSP_DIRECTIVES, type Directives, htmlPolicy, mediaOrigins, sendHtmlPolicy, withMediaOrigins } from './content-security-policy';
import { PrerenderedPages } from './prerendered-pages';
import { rangeForFile, validatorsOf } from './send-file';

/** Hashed bundles never change; index.html (and anything else unhashed) must always be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The API and its docs are Nest's; `/api` itself is the web app's developer page. A missing hashed asset is a 404, not
 * the app's HTML under a script's name. Matched as before: a path starting with one of these, in any case.
 */
const NOT_THE_APP = new RegExp(`^/(?:${API_PREFIX}|${DOCS_PATH}|assets/)`, 'i');

/** What express-static-gzip reads of a request besides node's own: Express's `req.path`, set here for it. */
type StaticRequest = IncomingMessage & { path: string };

/**
 * The built web app at /: each file as the .br or .gz the build wrote beside it when the client accepts one (br first),
 * with `Vary: Accept-Encoding`, else as it is; byte ranges, HEAD and conditional requests as for any static file.
 * Every other GET outside the API is a client route: its prerendered page (with sitemap.xml and robots.txt) when the
 * build made one, else index.html, likewise compressed. One Fastify route for every path no other route has (the
 * API's own win), answered on node's response as express-static-gzip and the pages write it.
 */
function serveWebApp(webRoot: string, prerendered: () => PrerenderedPages | undefined, directives: Directives): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  /** The app shell's policy (index.html has no inline style): the common one, a nonce filled per answer. */
  const shellPolicy = htmlPolicy(directives);
  const assets = `assets${path.sep}`;
  const serve = expressStaticGzip(webRoot, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    // `/` is a client route like any other (its prerendered page), not the folder's index.html.
    index: false,
    serveStatic: {
      index: false,
      // Called with the file sent, so `index.html.br` is index.html here too.
      setHeaders: (res, file) => res.setHeader('Cache-Control', path.relative(webRoot, file).startsWith(assets) ? IMMUTABLE : 'no-cache'),
    },
  });
  /** The file a path names, as serve-static finds it: no dot-file or folder, nothing outside the root. */
  const isFile = (decoded: string) => {
    if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return false;
    const file = path.join(webRoot, decoded);
    if (!file.startsWith(webRoot + path.sep)) return false;
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  };
  /**
   * Makes a Range request one the static server answers right. It is answered from the file as it is, never its .br or
   * .gz, so that the positions and size rangeOf reads the header by are the file's (and so are the ETag and
   * Last-Modified send checks If-Range against): a range to ignore goes on without the header (the whole file), a part
   * as the plain `bytes=first-last` send reads alike, and an unsatisfiable one is our 416 here: send's own reaches us
   * as an error, a 500, and it reads some headers we ignore (`bytes=5-3`) as unsatisfiable.
   */
  const settleRange = (req: StaticRequest, file: string): void => {
    if (req.headers.range === undefined) return;
    const stat = statSync(file, { throwIfNoEntry: false });
    // No file (a web root without index.html): nothing to take a range of, the static server answers as it would.
    if (!stat) return void delete req.headers.range;
    const answer = rangeForFile(req.headers, stat.size, validatorsOf(stat));
    if (answer.kind === 'unsatisfiable') throw rangeNotSatisfiable(stat.size);
    delete req.headers['accept-encoding'];
    if (answer.kind === 'part') req.headers.range = `bytes=${answer.range.start}-${answer.range.end}`;
    else delete req.headers.range;
  };
  /** Sends `file` on node's response, express-static-gzip finding it by `url` and `pathname`. */
  const send = (req: StaticRequest, reply: FastifyReply, file: string, url: string, pathname: string) => {
    settleRange(req, file);
    const res = reply.hijack().raw;
    return new Promise<void>((resolve) => {
      const [originalUrl, originalPath] = [req.url, req.path];
      req.url = url;
      req.path = pathname;
      serve(req as never, res as never, (error?: unknown) => {
        req.url = originalUrl;
        req.path = originalPath;
        // A server-side failure of the disk (a missing file was checked above): the answer ends, as Express's would.
        if (error && !res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"statusCode":500,"error":"Internal Server Error","message":"Internal server error"}');
        else if (!res.writableEnded) res.end();
        resolve();
      });
      res.once('close', resolve);
    });
  };
  return async (request, reply) => {
    const req = request.raw as StaticRequest;
    const pathname = (req.url ?? '/').split('?', 1)[0];
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = undefined;
    }
    if (decoded !== undefined && isFile(decoded)) {
      if (decoded === '/index.html') sendHtmlPolicy(reply.raw, shellPolicy);
      await send(req, reply, path.join(webRoot, decoded), req.url ?? pathname, pathname);
      return;
    }
    if (NOT_THE_APP.test(`${pathname}/`)) return void reply.callNotFound();
    if (decoded === undefined) throw new BadRequestException(`Malformed path ${pathname}`);
    const pages = prerendered();
    const page = pages?.find(pathname);
    // A prerendered page is made in memory and always sent whole, as RFC 9110 lets any answer to a Range be.
    if (pages && page) return pages.send(req, reply.hijack().raw, page);
    // The app shell: the common policy, with a nonce of its own (content-security-policy.ts).
    sendHtmlPolicy(reply.raw, shellPolicy);
    await send(req, reply, path.join(webRoot, 'index.html'), '/index.html', '/index.html');
  };
}

const WEB_ROOT = Symbol('WEB_ROOT');

/**
 * Serves the built web app on every path the API's routes do not take (Fastify's router prefers them to a
 * wildcard), and leaves the JSON 404 for everything neither answers.
 */
@Module({})
export class WebAppModule implements OnModuleInit, OnApplicationBootstrap {
  private pages?: PrerenderedPages;
  /** The Content-Security-Policy of the app's HTML, the media store's origins in it (configure-app.ts sends the same). */
  private get directives(): Directives {
    return withMediaOrigins(CSP_DIRECTIVES, mediaOrigins(this.config.media, this.config.ads.urls));
  }

  constructor(
    @Inject(WEB_ROOT) private readonly webRoot: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapter: HttpAdapterHost,
    private readonly stations: StationRepository,
  ) {}

  static forRoot(webRoot: string): DynamicModule {
    return { module: WebAppModule, providers: [{ provide: WEB_ROOT, useValue: webRoot }] };
  }

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    fastify.route({ method: ['GET', 'HEAD'], url: '/*', handler: serveWebApp(this.webRoot, () => this.pages, this.directives) });
  }

  /** After every module's init, so the catalogue (radio's CatalogueService) is in: the pages say how many stations it has. */
  async onApplicationBootstrap(): Promise<void> {
    const stationCount = (await this.stations.listActive()).length;
    this.pages = new PrerenderedPages(this.webRoot, { publicUrl: this.config.publicUrl, stationCount, directives: this.directives });
  }
}
