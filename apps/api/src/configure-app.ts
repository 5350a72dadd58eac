import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { HelmetOptions } from 'helmet';
import { Logger } from 'nestjs-pino';
import { RealtimeAdapter } from './realtime/realtime.adapter';
import { AllExceptionsFilter } from './core/http/all-exceptions.filter';
import { etagAndFreshness } from './core/http/answer-etag';
import { compressResponses } from './core/http/compression';
import { API_PREFIX, DOCS_PATH, createOpenApiDocument } from './core/http/openapi';
import { RawInputPipe } from './core/http/raw-input.pipe';
import { registerRequestBodies } from './core/http/request-bodies';
import type { AppConfig } from './core/config/config';
import { APP_CONFIG } from './core/config/config.module';
import {
  CSP_DIRECTIVES,
  CSP_REPORTS_PATH,
  type Directives,
  inlineStylesOf,
  mediaOrigins,
  policyText,
  REPORTING_ENDPOINTS,
  withHashes,
  withMediaOrigins,
} from './core/http/content-security-policy';
import { securityHeaders } from './core/http/security-headers';
import { createValidationPipe } from './core/http/validation.pipe';
import { measureRequests } from './core/metrics/http-metrics';
import { Metrics } from './core/metrics/metrics';

/**
 * Stripe's events are usually far below the 100 kB every other route takes, but one carrying a long invoice is not;
 * refused with 413, it would wait for the daily reconciliation. The webhook alone takes up to this.
 */
const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * helmet's headers, with our Content-Security-Policy (core/http/content-security-policy.ts, the media store's origins
 * in it), on every answer (the web app's files too; an HTML page of the app adds its styles' hashes and a nonce,
 * Swagger UI has its own, below).
 */
function securityHeaderOptions(directives: Directives): HelmetOptions {
  return { contentSecurityPolicy: { useDefaults: false, directives }, crossOriginEmbedderPolicy: false };
}

/**
 * Swagger UI's pages (/api/docs, for developers, a third party's React app): the common policy but for Trusted Types,
 * since it writes the API's Markdown descriptions as HTML (innerHTML, through DOMPurify but no Trusted Types policy).
 * Styles stay strict: its page's own inline styles (two style elements and one attribute Nest writes) are let in by
 * their hashes, taken from the HTML it answers with (docsHtmlPolicy), and its layout is the one without the top bar,
 * whose logo is an SVG with a style element of its own. Scripts stay our origin's only.
 */
function docsDirectives(directives: Directives): Directives {
  const { requireTrustedTypesFor: _tt, trustedTypes: _ttPolicies, ...rest } = directives;
  return rest;
}

/** The policy of a Swagger UI HTML answer: docsDirectives with the hashes of that HTML's inline styles, made once per HTML. */
function docsHtmlPolicy(directives: Directives): (html: string) => string {
  const made = new Map<string, string>();
  return (html) => {
    let policy = made.get(html);
    if (!policy) {
      policy = policyText(withHashes(directives, inlineStylesOf(html)));
      // Nest builds the page once; a second one (the document changed its title, say) replaces the first.
      made.clear();
      made.set(html, policy);
    }
    return policy;
  };
}
const DOCS_PREFIX = `/${DOCS_PATH}`;

/** The largest CSP report body taken (a browser's batch of a few reports is far below). */
const CSP_REPORT_BODY_LIMIT_BYTES = 32 * 1024;

const noop = (): void => undefined;

/**
 * Everything that makes a Nest application our API, shared by the server and the API tests so both
 * run the same stack: prefix, security headers, compression, validation, error shape, logs, Swagger and WebSockets.
 */
export function configureApp(app: NestFastifyApplication): void {
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX);
  const fastify = app.getHttpAdapter().getInstance();
  const directives = withMediaOrigins(CSP_DIRECTIVES, mediaOrigins(app.get<AppConfig>(APP_CONFIG).media, app.get<AppConfig>(APP_CONFIG).ads.urls));
  const headers = securityHeaders(securityHeaderOptions(directives));
  const docs = docsDirectives(directives);
  const docsHeader = policyText(docs);
  const docsHtmlHeader = docsHtmlPolicy(docs);
  const compress = compressResponses();
  const metrics = app.get(Metrics);
  measureRequests(fastify, metrics);
  // Ahead of every route, the web app's files included, as Express's first middleware were (on node's response, so the
  // security headers go out first; the web app's files go precompressed, and compression lets them through untouched).
  // A hook of Fastify's own rather than middie's middleware: middie costs each request more than the two of them.
  fastify.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, noop);
    // Where report-to's group sends (content-security-policy.ts); report-uri, for browsers without it, needs none.
    reply.raw.setHeader('Reporting-Endpoints', REPORTING_ENDPOINTS);
    // Swagger UI's pages have their own policy (above), in the same place among the headers.
    if (request.url.startsWith(DOCS_PREFIX)) reply.raw.setHeader('Content-Security-Policy', docsHeader);
    compress(request.raw, reply.raw, done);
  });
  // Swagger UI's HTML answers: the policy names the hashes of that page's inline styles (docsHtmlPolicy).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(DOCS_PREFIX) && typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
      reply.raw.setHeader('Content-Security-Policy', docsHtmlHeader(payload));
    }
    done(null, payload);
  });
  // What Express's res.send did to every answer: its ETag, and a 304 when the client's copy is current.
  fastify.addHook('onSend', etagAndFreshness);
  // In place of Nest's parsers (bodyParser: false in createApp): Express's rules, the raw bytes kept for Stripe's signature.
  registerRequestBodies(fastify);
  fastify.addHook('onRoute', (route) => {
    if (route.url === `/${API_PREFIX}/billing/webhook`) route.bodyLimit = STRIPE_WEBHOOK_BODY_LIMIT_BYTES;
    if (route.url === CSP_REPORTS_PATH) route.bodyLimit = CSP_REPORT_BODY_LIMIT_BYTES;
  });
  app.useGlobalPipes(new RawInputPipe(), createValidationPipe());
  // Fastify's own refusals before a handler (a body too large, say) reach it too: Nest makes them HttpExceptions.
  app.useGlobalFilters(new AllExceptionsFilter(metrics));
  app.useWebSocketAdapter(new RealtimeAdapter(app));
  SwaggerModule.setup(DOCS_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    customSiteTitle: 'GrouaRock API',
    // Without the top bar (Swagger's logo, and the URL box Nest hides): its SVG logo carries a style element.
    swaggerOptions: { layout: 'BaseLayout' },
  });
}
