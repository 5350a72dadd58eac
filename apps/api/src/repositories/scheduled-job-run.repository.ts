import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';

export interface ScheduledJobRunRow {
  name: string;
  periodSeconds: number;
  lastSuccessAt: Date;
}

/** scheduled_job_runs: the last success of each scheduled job, over every process. */
@Injectable()
export class ScheduledJobRunRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async succeeded(name: string, periodSeconds: number): Promise<void> {
    await this.manager.query(
      `INSERT INTO scheduled_job_runs (name, period_seconds, last_success_at) VALUES ($1, $2, now())
       ON CONFLICT (name) DO UPDATE SET period_seconds = EXCLUDED.period_seconds, last_success_at = now()`,
      [name, periodSeconds],
    );
  }

  async all(): Promise<ScheduledJobRunRow[]> {
    return (await this.manager.query(
      'SELECT name, period_seconds AS "periodSeconds", last_success_at AS "lastSuccessAt" FROM scheduled_job_runs',
    )) as ScheduledJobRunRow[];
  }
}
