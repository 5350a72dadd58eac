import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { entities } from '../../entities';
import { migrations } from '../../migrations';

/** Our schema on a PostgreSQL server: the entities, and the migrations that alone make the schema. */
export function databaseOptions(databaseUrl: string) {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    synchronize: false,
    uuidExtension: 'pgcrypto',
    migrations,
    migrationsTransactionMode: 'each',
  } satisfies DataSourceOptions;
}

/** Injection token of the database's connection URL (for clients outside TypeORM's pool, such as LISTEN). */
export const DATABASE_URL = Symbol('DATABASE_URL');

@Module({})
export class DatabaseModule {
  /** TypeORM on PostgreSQL; the schema comes from migrations alone, run at boot. */
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({
          ...databaseOptions(databaseUrl),
          migrationsRun: true,
          // Keep the pool small and fail fast while the server is away, so health answers quickly.
          extra: { max: 10, connectionTimeoutMillis: 3000 },
          retryAttempts: 5,
          retryDelay: 2000,
        }),
      ],
      providers: [{ provide: DATABASE_URL, useValue: databaseUrl }],
      exports: [DATABASE_URL],
    };
  }
}
