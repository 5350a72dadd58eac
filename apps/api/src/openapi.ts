import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ApiFastifyAdapter } from './core/http/api-fastify-adapter';
import { loadConfig } from './core/config/config';
import { API_PREFIX, createOpenApiDocument } from './core/http/openapi';

/**
 * Prints the OpenAPI document without a database: Nest's preview mode builds the module graph
 * (controllers, routes, DTO metadata) but instantiates no provider, so nothing connects.
 */
async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.forRoot({ config, databaseUrl: 'postgres://127.0.0.1:1/unused' }), new ApiFastifyAdapter(), {
    preview: true,
    logger: false,
  });
  app.setGlobalPrefix(API_PREFIX);
  process.stdout.write(`${JSON.stringify(createOpenApiDocument(app), null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
