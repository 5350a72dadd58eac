import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts: users, OAuth identities, sessions with rotating refresh tokens, mailed single-use links. */
export class Accounts1763740000000 implements MigrationInterface {
  name = 'Accounts1763740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identities" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "provider" character varying(16) NOT NULL, "provider_user_id" character varying(255) NOT NULL, "email" character varying(254), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7b2f8cccf4ac6a2d7e6e9e8b1f6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_identities_user_id" ON "identities" ("user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_identities_provider_subject" ON "identities" ("provider", "provider_user_id")`);
    await queryRunner.query(`CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254), "password_hash" character varying(255), "username" character varying(32), "display_name" character varying(64), "is_anonymous" boolean NOT NULL DEFAULT false, "email_confirmed_at" TIMESTAMP WITH TIME ZONE, "pending_email" character varying(254), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email")`);
    await queryRunner.query(`CREATE TABLE "email_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "purpose" character varying(16) NOT NULL, "email" character varying(254) NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_08abb3fa348e894c274a6730d35" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_email_tokens_user_id" ON "email_tokens" ("user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_email_tokens_token_hash" ON "email_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "user_agent" character varying(512), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" character varying(32), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_sessions_user_id" ON "sessions" ("user_id")`);
    await queryRunner.query(`CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_refresh_tokens_session_id" ON "refresh_tokens" ("session_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_refresh_tokens_token_hash" ON "refresh_tokens" ("token_hash")`);
    await queryRunner.query(`ALTER TABLE "identities" ADD CONSTRAINT "FK_identities_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "email_tokens" ADD CONSTRAINT "FK_email_tokens_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD CONSTRAINT "FK_sessions_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_refresh_tokens_session_id" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_refresh_tokens_session_id"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_sessions_user_id"`);
    await queryRunner.query(`ALTER TABLE "email_tokens" DROP CONSTRAINT "FK_email_tokens_user_id"`);
    await queryRunner.query(`ALTER TABLE "identities" DROP CONSTRAINT "FK_identities_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_refresh_tokens_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_refresh_tokens_session_id"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_sessions_user_id"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_email_tokens_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_email_tokens_user_id"`);
    await queryRunner.query(`DROP TABLE "email_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_users_email"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_identities_provider_subject"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_identities_user_id"`);
    await queryRunner.query(`DROP TABLE "identities"`);
  }
}
