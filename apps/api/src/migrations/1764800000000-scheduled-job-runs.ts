import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When each scheduled job last succeeded on any process (docs/metrics.md, "Jobs"). */
export class ScheduledJobRuns1764800000000 implements MigrationInterface {
  name = 'ScheduledJobRuns1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "scheduled_job_runs" ("name" character varying(64) NOT NULL, "period_seconds" integer NOT NULL, "last_success_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_scheduled_job_runs" PRIMARY KEY ("name"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "scheduled_job_runs"`);
  }
}
