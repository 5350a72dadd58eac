import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ad breaks for Basic and signed-out listeners (docs/architecture.md, "Ads"): one row per listener (an account, or a
 * signed-out browser's listener cookie) with its listening since the last break and the break handed out.
 */
export class AdBreaks1764400000000 implements MigrationInterface {
  name = 'AdBreaks1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ad_listeners" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid, "listened_seconds" double precision NOT NULL DEFAULT '0', "reported_at" TIMESTAMP WITH TIME ZONE, "break_id" uuid, "break_spot" character varying(2048), "break_seconds" double precision, "break_started_at" TIMESTAMP WITH TIME ZONE, "breaks_heard" integer NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ad_listeners" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_ad_listeners_user_id" ON "ad_listeners" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_ad_listeners_updated_at" ON "ad_listeners" ("updated_at") `);
    await queryRunner.query(`ALTER TABLE "ad_listeners" ADD CONSTRAINT "FK_ad_listeners_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ad_listeners" DROP CONSTRAINT "FK_ad_listeners_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ad_listeners_updated_at"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_ad_listeners_user_id"`);
    await queryRunner.query(`DROP TABLE "ad_listeners"`);
  }
}
