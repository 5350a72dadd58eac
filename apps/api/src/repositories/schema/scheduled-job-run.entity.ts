import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * When each scheduled job (the weekly stats, the sweeps) last succeeded on any API process, and how often it is meant
 * to run: read by the metrics, so an alert sees a job late past its period whichever process should have run it.
 */
@Entity({ name: 'scheduled_job_runs' })
export class ScheduledJobRun {
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_scheduled_job_runs' })
  name!: string;

  @Column({ name: 'period_seconds', type: 'integer' })
  periodSeconds!: number;

  @Column({ name: 'last_success_at', type: 'timestamptz' })
  lastSuccessAt!: Date;
}
