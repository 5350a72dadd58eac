import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The AI studio: generations (the spec's tasks, counted against the daily limit) and the tracks they made. */
export class Studio1763800000000 implements MigrationInterface {
  name = 'Studio1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "studio_generations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'queued', "engine" character varying(10) NOT NULL, "params" jsonb NOT NULL, "seed" integer NOT NULL, "generator_version" integer NOT NULL, "provider_task_ids" text array, "notice" character varying(40), "error_code" character varying(40), "error_message" character varying(300), "warsaw_day" date NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_studio_generations_engine" CHECK ("engine" IN ('builtin', 'provider')), CONSTRAINT "CHK_studio_generations_status" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed')), CONSTRAINT "PK_cdd04f805fffc7f68e2156daa02" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_studio_generations_user_day" ON "studio_generations" ("user_id", "warsaw_day") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_studio_generations_user_active" ON "studio_generations" ("user_id") WHERE "status" IN ('queued', 'running')`);
    await queryRunner.query(`CREATE TABLE "studio_tracks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "generation_id" uuid NOT NULL, "position" smallint NOT NULL, "title" character varying(100) NOT NULL, "duration" real NOT NULL, "tags" character varying(300) NOT NULL, "audio_key" character varying(200) NOT NULL, "image_key" character varying(200) NOT NULL, "audio_bytes" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b9a73a715351344a2e81d70d512" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_studio_tracks_user_created_at" ON "studio_tracks" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_studio_tracks_generation_position" ON "studio_tracks" ("generation_id", "position") `);
    await queryRunner.query(`ALTER TABLE "studio_generations" ADD CONSTRAINT "FK_studio_generations_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "studio_tracks" ADD CONSTRAINT "FK_studio_tracks_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "studio_tracks" ADD CONSTRAINT "FK_studio_tracks_generation_id" FOREIGN KEY ("generation_id") REFERENCES "studio_generations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "studio_tracks" DROP CONSTRAINT "FK_studio_tracks_generation_id"`);
    await queryRunner.query(`ALTER TABLE "studio_tracks" DROP CONSTRAINT "FK_studio_tracks_user_id"`);
    await queryRunner.query(`ALTER TABLE "studio_generations" DROP CONSTRAINT "FK_studio_generations_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_studio_tracks_generation_position"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_studio_tracks_user_created_at"`);
    await queryRunner.query(`DROP TABLE "studio_tracks"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_studio_generations_user_active"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_studio_generations_user_day"`);
    await queryRunner.query(`DROP TABLE "studio_generations"`);
  }
}
