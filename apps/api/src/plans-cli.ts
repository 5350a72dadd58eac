import 'reflect-metadata';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { EntitlementsService } from './billing/entitlements.service';
import { PlanGrantError, PlanGrantsService } from './billing/plan-grants.service';
import { parsePlansCommand } from './billing/plans-command';
import { ConfigError, loadConfig } from './core/config/config';
import { databaseOptions, migrateOnce } from './core/database/database.module';
import { EmbeddedDatabase } from './core/database/embedded-database';
import { BillingRepository } from './repositories/billing.repository';
import { UserRepository } from './repositories/user.repository';

/**
 * `npm run plans -- grant|revoke …`: sets an account's plan by hand, on the installation's database: DATABASE_URL,
 * the embedded server of a running `npm start` (same DATA_DIR), or the embedded cluster started just for this.
 */
async function main(): Promise<void> {
  const command = parsePlansCommand(process.argv.slice(2));
  const config = loadConfig();
  const databaseDir = path.join(config.dataDir, 'postgres');
  const existing = config.databaseUrl ?? EmbeddedDatabase.runningUrl(databaseDir);
  const embedded = existing ? undefined : new EmbeddedDatabase({ databaseDir });
  const url = existing ?? (await embedded!.start());
  const dataSource = new DataSource(databaseOptions(url));
  try {
    await dataSource.initialize();
    await migrateOnce(dataSource);
    const billing = new BillingRepository(dataSource.manager);
    const grants = new PlanGrantsService(new UserRepository(dataSource.manager), billing, new EntitlementsService(config, billing));
    if (command.command === 'grant') {
      const result = await grants.grant(command.email, command.plan, command.until);
      console.log(`Granted ${command.plan} to ${result.email}${command.until ? ` until ${command.until.toISOString()}` : ''}; the account's plan is now ${result.plan}, its API plan ${result.apiPlan}.`);
    } else {
      const result = await grants.revoke(command.email, command.api);
      console.log(`${result.revoked ? 'Revoked the grant of' : 'There was no grant for'} ${result.email}; the account's plan is now ${result.plan}, its API plan ${result.apiPlan}.`);
    }
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof PlanGrantError || e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
