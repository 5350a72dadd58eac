import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The visitor counter (one row) and the sessions it counted. */
export class Visitors1763760000000 implements MigrationInterface {
  name = 'Visitors1763760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "visitor_counter" ("id" smallint NOT NULL, "count" integer NOT NULL DEFAULT '0', "winner_session_id" uuid, "winner_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_visitor_counter_single_row" CHECK ("id" = 1), CONSTRAINT "PK_ae3e14eb0a28ee1c435bd3e0ce8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "visitor_sessions" ("session_id" uuid NOT NULL, "number" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b78e9e6e1cca09f9b6c70cb991b" PRIMARY KEY ("session_id"))`);
    await queryRunner.query(`INSERT INTO "visitor_counter" ("id", "count") VALUES (1, 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "visitor_sessions"`);
    await queryRunner.query(`DROP TABLE "visitor_counter"`);
  }
}
