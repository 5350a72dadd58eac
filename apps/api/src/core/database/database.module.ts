import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AdvisoryLock } from '../../repositories/locks';
import { entities } from '../../repositories/schema/entities';
import { migrations } from '../../migrations';
import { Metrics } from '../metrics/metrics';
import { MeteredTypeOrmLogger } from './metered-typeorm-logger';

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

/**
 * Runs the migrations the database lacks while holding a session lock, so API processes started together on a new
 * database (a deploy of several replicas) migrate one after the other: the first makes the schema, the others find
 * it made.
 */
export async function migrateOnce(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [AdvisoryLock.migrations]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [AdvisoryLock.migrations]).catch(() => undefined);
    await runner.release();
  }
}

@Module({})
export class DatabaseModule {
  /** TypeORM on PostgreSQL; the schema comes from migrations alone, run at boot. */
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [Metrics],
          useFactory: (metrics: Metrics) => ({
            ...databaseOptions(databaseUrl),
            logger: new MeteredTypeOrmLogger(metrics),
            // Keep the pool small and fail fast while the server is away: a request waits at most this long for a
            // connection (a new one, or a turn at a busy pool) before its 503 (database-errors.ts), so that it is
            // answered within 2 s, and health's 2 s probe hears the pool's error rather than its own timeout.
            // A connection once opened stays (pg closes idle ones after 10 s by default): under a steady load the
            // pool's third or fourth connection was idle for 10 s between bursts, closed, and opened again at the
            // next one, and the requests of that burst waited for PostgreSQL to start a backend and for the SCRAM
            // handshake, tens of milliseconds, which is where the API's p99 lay in the soak (docs/operations.md).
            // One that breaks (the server restarted) leaves the pool and a new one is made when needed; TCP
            // keep-alive finds one a network device dropped while it was idle.
            extra: { max: 10, connectionTimeoutMillis: 1500, idleTimeoutMillis: 0, keepAlive: true },
            retryAttempts: 5,
            retryDelay: 2000,
          }),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            try {
              await migrateOnce(dataSource);
            } catch (e) {
              // A retry makes a new data source: this one's pool must not stay behind.
              await dataSource.destroy().catch(() => undefined);
              throw e;
            }
            return dataSource;
          },
        }),
      ],
      providers: [{ provide: DATABASE_URL, useValue: databaseUrl }],
      exports: [DATABASE_URL],
    };
  }
}
