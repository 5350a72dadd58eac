import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Content-Security-Policy violations browsers report, kept (30 days, 10,000 at most) rather than only logged. */
export class CspReports1764910000000 implements MigrationInterface {
  name = 'CspReports1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "csp_reports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "document_url" character varying(2048) NOT NULL, "blocked_url" character varying(2048) NOT NULL, "directive" character varying(40) NOT NULL, "disposition" character varying(8) NOT NULL, "source_file" character varying(2048), "line" integer, "column_number" integer, "sample" character varying(256), "user_agent" character varying(512), CONSTRAINT "PK_e333bc442e56db2720bd0a9cccc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_csp_reports_received_at" ON "csp_reports" ("received_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_csp_reports_received_at"`);
    await queryRunner.query(`DROP TABLE "csp_reports"`);
  }
}
