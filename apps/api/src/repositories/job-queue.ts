import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { DATABASE_URL } from '../core/database/database.module';
import { AdvisoryLock } from './locks';
import type { JobPayloads } from './schema/jobs';
import type { ExecuteSql } from './sql';

export interface QueueOptions {
  /**
   * Runs after the first that fails (a handler may therefore run more than once: it must be idempotent), the first
   * JOB_RETRY_DELAY_SECONDS after the failure and each next one about twice as long after its own (pg-boss's backoff,
   * with up to as much again at random, so retries of many jobs spread out).
   */
  retryLimit: number;
  /** A job active this long is taken to have died with its process, and is run again. */
  expireInSeconds: number;
}

/** How long a stopping process lets its running jobs finish before handing them back to the queue. */
const STOP_GRACE_MS = 8000;
/**
 * How much longer it waits at most for handlers still running then: the whole stop stays within main.ts's 15 s, after
 * which the process exits without stopping its embedded database.
 */
const AFTER_GRACE_MS = 2000;

/**
 * Jobs in PostgreSQL with pg-boss (its own `pgboss` schema, which it creates and migrates itself): they survive a
 * restart and run on any API process sharing the database. Each queue is declared once, by the module that owns it.
 * Queue names and what their jobs carry are `Payloads` (the app's: repositories/schema/jobs.ts), so a job sent or worked
 * on with the wrong name or payload does not compile.
 */
@Injectable()
export class JobQueue<Payloads extends Record<keyof Payloads, object> = JobPayloads> implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private boss?: Promise<PgBoss>;
  private stopped = false;
  /** The handlers running in this process (stopping waits for them). */
  private readonly running = new Set<Promise<void>>();
  /** STOP_GRACE_MS (a test's queue may have a shorter one). */
  protected readonly stopGraceMs: number = STOP_GRACE_MS;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'jobRetryDelaySeconds'>,
  ) {}

  /**
   * Creates the queue, or gives the one that exists these options (a queue made by an earlier version keeps the options
   * it was made with otherwise: pg-boss copies them into each job it adds). Created one process at a time: pg-boss
   * creates a queue as a partition of its job table with foreign keys to its queue table, and two processes creating two
   * queues at once (replicas starting together on a new database) deadlock on those two tables.
   */
  async declare(name: keyof Payloads & string, options: QueueOptions): Promise<void> {
    const boss = await this.started();
    const wanted = {
      name,
      policy: 'standard',
      retryLimit: options.retryLimit,
      retryDelay: this.config.jobRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds,
    } satisfies PgBoss.Queue;
    const update = async (queue: PgBoss.QueueResult) => {
      const stale = (['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const).some((option) => queue[option] !== wanted[option]);
      if (stale) await boss.updateQueue(name, wanted);
    };
    const existing = await boss.getQueue(name);
    if (existing) return update(existing);
    const lock = new Client({ connectionString: this.databaseUrl, application_name: 'grouarock-jobs' });
    // The server going away while this session waits for the lock (a restart) must fail the declaration, not end the
    // process: an 'error' event nobody listens to is thrown.
    lock.on('error', () => undefined);
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [AdvisoryLock.jobQueues]);
      const created = await boss.getQueue(name);
      if (created) await update(created);
      else await boss.createQueue(name, wanted);
    } finally {
      // Ending the session lets the lock go, whatever happened.
      await lock.end().catch(() => undefined);
    }
  }

  /**
   * Adds a job; with `executeSql`, inside the caller's transaction (the job exists exactly when the transaction
   * commits); with `startAfterSeconds`, not to be worked on before then.
   */
  async send<Name extends keyof Payloads & string>(name: Name, data: Payloads[Name], executeSql?: ExecuteSql, startAfterSeconds?: number): Promise<string> {
    const boss = await this.started();
    const id = await boss.send(name, data, {
      ...(executeSql ? { db: { executeSql: executeSql as PgBoss.Db['executeSql'] } } : {}),
      ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
    });
    // pg-boss drops a job for a queue that does not exist and says so only with null.
    if (!id) throw new Error(`The job queue ${name} does not exist`);
    return id;
  }

  /**
   * Works on the queue's jobs, `concurrency` at a time in this process, one job per fetch. The handler is told whether
   * this run is the job's last (pg-boss runs it again, later, if it throws otherwise).
   */
  async work<Name extends keyof Payloads & string>(
    name: Name,
    concurrency: number,
    handler: (data: Payloads[Name], jobId: string, lastTry: boolean) => Promise<void>,
  ): Promise<void> {
    const boss = await this.started();
    for (let i = 0; i < concurrency; i++) {
      await boss.work<Payloads[Name]>(name, { pollingIntervalSeconds: 1, batchSize: 1, includeMetadata: true }, async ([job]) => {
        const run = handler(job.data, job.id, job.retryCount >= job.retryLimit);
        this.running.add(run);
        try {
          await run;
        } finally {
          this.running.delete(run);
        }
      });
    }
  }

  /**
   * Lets running jobs finish for a few seconds; those that do not are failed, so another process retries them. Then
   * waits, two seconds more at most, for the handlers still running: one past the grace, or one whose job a worker
   * fetched as pg-boss was stopping (its wait for running jobs had found none). Until each handler has returned, pg-boss
   * checks every second whether its workers have stopped: waiting here ends those checks with the application, not in
   * whatever the process runs next (in the API tests, the next test file, where they failed the file).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const deadline = Date.now() + this.stopGraceMs + AFTER_GRACE_MS;
    const boss = await this.boss?.catch(() => undefined);
    await boss?.stop({ graceful: true, timeout: this.stopGraceMs, wait: true }).catch((e: Error) => this.logger.warn(`Stopping the job queue failed: ${e.message}`));
    // A turn of the event loop first: a job fetched as the pool closed starts its handler then.
    await nextTurn();
    while (this.running.size > 0 && Date.now() < deadline) {
      const left = new AbortController();
      await Promise.race([Promise.allSettled([...this.running]), sleep(deadline - Date.now(), undefined, { signal: left.signal }).catch(() => undefined)]);
      left.abort();
      await nextTurn();
    }
    if (this.running.size > 0) this.logger.warn(`Stopped with ${this.running.size} job handler(s) still running`);
  }

  /** The jobs of every queue by state (queued: waiting to run, a retry included), over every process. */
  async counts(): Promise<{ queue: string; state: 'queued' | 'active' | 'completed' | 'failed'; count: number }[]> {
    const boss = await this.started();
    const { rows } = (await boss.getDb().executeSql(
      `SELECT name AS queue, CASE WHEN state IN ('created', 'retry') THEN 'queued' ELSE state::text END AS state, count(*)::int AS count
       FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'completed', 'failed') GROUP BY 1, 2`,
      [],
    )) as { rows: { queue: string; state: 'queued' | 'active' | 'completed' | 'failed'; count: number }[] };
    return rows;
  }

  private started(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('The job queue has stopped'));
    this.boss ??= (async () => {
      const boss = new PgBoss({ connectionString: this.databaseUrl, max: 3, schedule: false, maintenanceIntervalSeconds: 30, application_name: 'grouarock-jobs' });
      boss.on('error', (e: Error) => this.logger.warn(`Job queue: ${e.message}`));
      await boss.start();
      return boss;
    })();
    return this.boss;
  }
}
