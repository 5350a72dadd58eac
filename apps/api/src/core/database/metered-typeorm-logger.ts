import type { Logger as TypeOrmLogger } from 'typeorm';
import type { Metrics } from '../metrics/metrics';

/**
 * TypeORM's logger, used only to count the queries that fail (docs/metrics.md, "Database"): the errors themselves reach
 * the caller, which decides what to say; nothing is logged here, as TypeORM logged nothing before.
 */
export class MeteredTypeOrmLogger implements TypeOrmLogger {
  constructor(private readonly metrics: Metrics) {}

  logQueryError(): void {
    this.metrics.dbQueryErrors.inc();
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
