import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClientLogs1763712000000 implements MigrationInterface {
  name = 'ClientLogs1763712000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "client_logs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" character varying(16) NOT NULL,
        "path" character varying(2048) NOT NULL,
        "message" text,
        "stack" text,
        "user_agent" character varying(512),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_client_logs_id" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_client_logs_created_at" ON "client_logs" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "client_logs"`);
  }
}
