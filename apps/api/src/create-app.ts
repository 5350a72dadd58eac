import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule, type AppModuleOptions } from './app.module';
import { ApiFastifyAdapter } from './core/http/api-fastify-adapter';
import { trustFunction } from './core/http/client-address';
import { BODY_LIMIT_BYTES } from './core/http/request-bodies';
import { requestIdFor } from './core/logging/logging.module';
import { configureApp } from './configure-app';

/** The configured application, not yet listening: used by the server, the API tests and the client generator. */
export async function createApp(options: AppModuleOptions & { preview?: boolean }): Promise<NestFastifyApplication> {
  const adapter = new ApiFastifyAdapter({
    // request.ip, which every per-address limit reads, is the client's address under TRUST_PROXY (client-address.ts).
    trustProxy: trustFunction(options.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Routed as Express routed: any case, a trailing slash or not, parameters of any length (validated by their DTOs).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 8192 },
    // The caller's X-Request-Id when it is a sane one, else a new one; the logs and the answer carry it (LoggingModule).
    genReqId: requestIdFor,
    requestIdHeader: false,
    // Node's own keep-alive (Express kept it): Fastify's 72 s would hold idle sockets of every client for longer.
    keepAliveTimeout: 5_000,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(options), adapter, {
    bufferLogs: true,
    preview: options.preview,
    abortOnError: false,
    // configureApp adds the body parsers (request-bodies.ts), keeping the raw bytes as Nest's rawBody would.
    bodyParser: false,
  });
  configureApp(app);
  return app;
}
