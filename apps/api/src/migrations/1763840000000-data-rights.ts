import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Data rights: when an account's data was deleted or anonymized, and an audit of what was done (without personal data). */
export class DataRights1763840000000 implements MigrationInterface {
  name = 'DataRights1763840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "privacy_audit" ("id" BIGSERIAL NOT NULL, "user_id" uuid NOT NULL, "action" character varying(16) NOT NULL, "via" character varying(64) NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_privacy_audit_action" CHECK ("action" IN ('export', 'delete', 'anonymize')), CONSTRAINT "PK_c6dd7aab33ef8b029d0c3bdb9a7" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_privacy_audit_user" ON "privacy_audit" ("user_id") `);
    await queryRunner.query(`ALTER TABLE "users" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "anonymized_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "anonymized_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_privacy_audit_user"`);
    await queryRunner.query(`DROP TABLE "privacy_audit"`);
  }
}
