import { BadRequestException, type DynamicModule, Inject, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import path from 'node:path';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { StationRepository } from '../../repositories/station.repository';
import { API_PREFIX, DOCS_PATH } from './openapi';
import { PrerenderedPages } from './prerendered-pages';

/** Hashed bundles never change; index.html (and anything else unhashed) must always be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The API and its docs are Nest's; `/api` itself is the web app's developer page. A missing hashed asset is a 404, not
 * the app's HTML under a script's name. Matched as before: a path starting with one of these, in any case.
 */
const NOT_THE_APP = new RegExp(`^/(?:${API_PREFIX}|${DOCS_PATH}|assets/)`, 'i');

/**
 * The built web app at /: each file as the .br or .gz the build wrote beside it when the client accepts one (br first),
 * with `Vary: Accept-Encoding`, else as it is; byte ranges, HEAD and conditional requests as for any static file.
 * Every other GET outside the API is a client route: its prerendered page (with sitemap.xml and robots.txt) when the
 * build made one, else index.html, likewise compressed.
 */
function serveWebApp(webRoot: string, prerendered: () => PrerenderedPages | undefined): RequestHandler[] {
  const assets = `assets${path.sep}`;
  const serve: RequestHandler = expressStaticGzip(webRoot, {
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
  const decodes = (req: Request) => {
    try {
      decodeURIComponent(req.path);
      return true;
    } catch {
      return false;
    }
  };
  const files: RequestHandler = (req, res, next) => (decodes(req) ? serve(req, res, next) : next());
  const clientRoutes = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_THE_APP.test(`${req.path}/`)) return next();
    if (!decodes(req)) return next(new BadRequestException(`Malformed path ${req.path}`));
    const pages = prerendered();
    const page = pages?.find(req.path);
    if (pages && page) return pages.send(req, res, page);
    const url = req.url;
    req.url = '/index.html';
    serve(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
  return [files, clientRoutes];
}

const WEB_ROOT = Symbol('WEB_ROOT');

/**
 * Serves the built web app after the API's routes (registered once they are, as Nest's ServeStaticModule did) and
 * before the JSON 404 for everything neither answers.
 */
@Module({})
export class WebAppModule implements OnModuleInit, OnApplicationBootstrap {
  private pages?: PrerenderedPages;

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
    const [files, clientRoutes] = serveWebApp(this.webRoot, () => this.pages);
    const app = this.adapter.httpAdapter.getInstance<Express>();
    app.use(files, clientRoutes);
  }

  /** After every module's init, so the catalogue (radio's CatalogueService) is in: the pages say how many stations it has. */
  async onApplicationBootstrap(): Promise<void> {
    const stationCount = (await this.stations.listActive()).length;
    this.pages = new PrerenderedPages(this.webRoot, { publicUrl: this.config.publicUrl, stationCount });
  }
}
