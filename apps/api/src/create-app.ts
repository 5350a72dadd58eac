import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, type AppModuleOptions } from './app.module';
import { configureApp } from './core/http/configure-app';

/** The configured application, not yet listening: used by the server, the API tests and the client generator. */
export async function createApp(options: AppModuleOptions & { preview?: boolean }): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    bufferLogs: true,
    preview: options.preview,
    abortOnError: false,
    // Stripe signs the bytes it sends: the webhook verifies req.rawBody, kept beside the parsed body.
    rawBody: true,
  });
  configureApp(app);
  return app;
}
