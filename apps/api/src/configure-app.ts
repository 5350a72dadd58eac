import type { RawBodyRequest } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { json } from 'express';
import type { HelmetOptions } from 'helmet';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './core/config/config';
import { APP_CONFIG } from './core/config/config.module';
import { RealtimeAdapter } from './realtime/realtime.adapter';
import { RefreshCookie } from './auth/refresh-cookie';
import { AllExceptionsFilter } from './core/http/all-exceptions.filter';
import { trustFunction } from './core/http/client-address';
import { compressResponses } from './core/http/compression';
import { API_PREFIX, DOCS_PATH, createOpenApiDocument } from './core/http/openapi';
import { RawInputPipe } from './core/http/raw-input.pipe';
import { requestBodies } from './core/http/request-bodies';
import { securityHeaders } from './core/http/security-headers';
import { createValidationPipe } from './core/http/validation.pipe';

/**
 * Stripe's events are usually far below Express's 100 kB default, but one carrying a long invoice is not; refused
 * with 413, it would wait for the daily reconciliation. The webhook alone takes up to this.
 */
const STRIPE_WEBHOOK_BODY_LIMIT = '1mb';

/** helmet's headers, with our Content-Security-Policy, on every answer (the web app's files too). */
const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // emotion and Swagger UI insert their styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Everything that makes a Nest application our API, shared by the server and the API tests so both
 * run the same stack: prefix, security headers, compression, validation, error shape, logs, Swagger and WebSockets.
 */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  // req.ip, which every per-address limit reads, is the client's address under TRUST_PROXY (client-address.ts).
  app.set('trust proxy', trustFunction(app.get<AppConfig>(APP_CONFIG).trustProxy));
  app.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX);
  app.use(securityHeaders(SECURITY_HEADERS));
  // Ahead of every route, the web app's files included (those go precompressed, and are let through untouched).
  app.use(compressResponses());
  // Cookies are read under /auth alone (the refresh token's and the OAuth state's, both scoped to that path).
  app.use(RefreshCookie.path, cookieParser());
  // Ahead of the other routes' parsers (which then find the body read). The raw bytes are kept for the signature.
  const webhookJson = json({ limit: STRIPE_WEBHOOK_BODY_LIMIT, verify: (req, _res, bytes) => void ((req as RawBodyRequest<IncomingMessage>).rawBody = bytes) });
  app.use(`/${API_PREFIX}/billing/webhook`, function stripeWebhookBody(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
    webhookJson(req, res, next);
  });
  // In place of Nest's parsers (bodyParser: false in createApp), which would read every GET too.
  app.use(requestBodies());
  app.useGlobalPipes(new RawInputPipe(), createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(new RealtimeAdapter(app));
  SwaggerModule.setup(DOCS_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    customSiteTitle: 'GrouaRock API',
  });
}
