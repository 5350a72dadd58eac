import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Live streams: one row per stream from its creation to its replay's removal; the stream key only as a hash. */
export class Live1763790000000 implements MigrationInterface {
  name = 'Live1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "live_streams" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "title" character varying(100) NOT NULL, "description" character varying(500), "genre" character varying(16) NOT NULL, "status" character varying(8) NOT NULL DEFAULT 'ready', "source" character varying(8), "stream_key_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "ended_at" TIMESTAMP WITH TIME ZONE, "duration_seconds" real, CONSTRAINT "CHK_live_streams_genre" CHECK ("genre" IN ('rock', 'metal', 'pop', 'jazz', 'blues', 'electronic', 'other')), CONSTRAINT "CHK_live_streams_status" CHECK ("status" IN ('ready', 'live', 'ended')), CONSTRAINT "PK_33ffe1dff05e56f4381fe715c6d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_live_streams_stream_key_hash" ON "live_streams" ("stream_key_hash") `);
    await queryRunner.query(`CREATE INDEX "IDX_live_streams_ended_at" ON "live_streams" ("ended_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_live_streams_status_started_at" ON "live_streams" ("status", "started_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_live_streams_user_unended" ON "live_streams" ("user_id") WHERE "status" <> 'ended'`);
    await queryRunner.query(`ALTER TABLE "live_streams" ADD CONSTRAINT "FK_live_streams_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" DROP CONSTRAINT "FK_live_streams_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_live_streams_user_unended"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_live_streams_status_started_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_live_streams_ended_at"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_live_streams_stream_key_hash"`);
    await queryRunner.query(`DROP TABLE "live_streams"`);
  }
}
