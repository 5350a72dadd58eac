import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, type AppModuleOptions } from './app.module';
import { ApiExpressAdapter } from './core/http/api-express-adapter';
import { configureApp } from './configure-app';

/** The configured application, not yet listening: used by the server, the API tests and the client generator. */
export async function createApp(options: AppModuleOptions & { preview?: boolean }): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), new ApiExpressAdapter(), {
    bufferLogs: true,
    preview: options.preview,
    abortOnError: false,
    // configureApp adds the body parsers (requestBodies: none for a GET), keeping the raw bytes as Nest's rawBody would.
    bodyParser: false,
  });
  configureApp(app);
  return app;
}
