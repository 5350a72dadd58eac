import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { entities } from '../../entities';
import { migrations } from '../../migrations';

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
          type: 'postgres',
          url: databaseUrl,
          entities,
          synchronize: false,
          uuidExtension: 'pgcrypto',
          migrations,
          migrationsRun: true,
          migrationsTransactionMode: 'each',
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
