import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { RealtimeAdapter } from '../../realtime/realtime.adapter';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { API_PREFIX, DOCS_PATH, createOpenApiDocument } from './openapi';
import { RawInputPipe } from './raw-input.pipe';
import { createValidationPipe } from './validation.pipe';

/**
 * Everything that makes a Nest application our API, shared by the server and the API tests so both
 * run the same stack: prefix, security headers, validation, error shape, logs, Swagger and WebSockets.
 */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX);
  app.use(
    helmet({
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
    }),
  );
  app.use(cookieParser());
  app.useGlobalPipes(new RawInputPipe(), createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(new RealtimeAdapter(app));
  SwaggerModule.setup(DOCS_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    customSiteTitle: 'GrouaRock API',
  });
}
