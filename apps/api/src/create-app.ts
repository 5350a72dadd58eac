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
  });
  configureApp(app);
  return app;
}
