import { Injectable, Logger } from '@nestjs/common';
import { JobQueue } from '../../repositories/job-queue';
import { ScheduledJobRunRepository } from '../../repositories/scheduled-job-run.repository';
import { Metrics } from './metrics';

/**
 * The scheduled jobs' record (docs/metrics.md, "Jobs"): each run that succeeds is written to PostgreSQL with the job's
 * period, so the metrics of every process say when it last succeeded anywhere and an alert sees one that is late; and
 * the job queue's jobs by queue and state, read when Prometheus scrapes.
 */
@Injectable()
export class ScheduledJobs {
  private readonly logger = new Logger('ScheduledJobs');

  constructor(
    private readonly runs: ScheduledJobRunRepository,
    queue: JobQueue,
    metrics: Metrics,
  ) {
    // One read per scrape for both gauges (they are collected together).
    let read: { scrape: number; runs: ReturnType<ScheduledJobRunRepository['all']> } | undefined;
    const all = () => {
      if (read?.scrape !== metrics.scrapes) read = { scrape: metrics.scrapes, runs: this.runs.all() };
      return read.runs;
    };
    metrics.scheduledJobLastSuccess.read(async () => (await all()).map((run) => [{ task: run.name }, run.lastSuccessAt.getTime() / 1000] as const));
    metrics.scheduledJobPeriod.read(async () => (await all()).map((run) => [{ task: run.name }, run.periodSeconds] as const));
    metrics.jobs.read(async () => (await queue.counts()).map(({ queue: name, state, count }) => [{ queue: name, state }, count] as const));
  }

  /**
   * Runs one scheduled job's work and records its success. `work` resolves to false when it did not run here (another
   * process holds the job's lock and records it): nothing is written then. A failure is logged and counted as no success.
   */
  async run(name: string, periodSeconds: number, work: () => Promise<boolean | void>): Promise<void> {
    try {
      if ((await work()) === false) return;
      await this.runs.succeeded(name, periodSeconds);
    } catch (e) {
      this.logger.warn(`Scheduled job ${name} failed: ${(e as Error).message}`);
    }
  }
}
