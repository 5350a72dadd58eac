import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ApiFastifyAdapter } from './core/http/api-fastify-adapter';
import { loadConfig } from './core/config/config';
import { API_PREFIX } from './core/http/openapi';

/**
 * The application as its OpenAPI document sees it, without a database: Nest's preview mode builds the module graph
 * (controllers, routes, DTO metadata) but instantiates no provider, so nothing connects. openapi.ts prints its
 * document; openapi-app.spec.ts holds that document against the handlers' validation (core/http/openapi-contract.ts).
 */
export async function createDocumentApp(): Promise<INestApplication> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.forRoot({ config, databaseUrl: 'postgres://127.0.0.1:1/unused' }), new ApiFastifyAdapter(), {
    preview: true,
    logger: false,
  });
  app.setGlobalPrefix(API_PREFIX);
  return app;
}
