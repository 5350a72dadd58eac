import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account security (issue 39): what a session knows of its sign-in (address, last activity, when its owner last proved
 * who they are, assurance level and methods), authenticator-app factors, recovery codes, passkeys and their
 * WebAuthn challenges, and the account's security log. Existing sessions count as signed in when they started.
 */
export class AccountSecurity1764900000000 implements MigrationInterface {
  name = 'AccountSecurity1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "mfa_factors" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "type" character varying(16) NOT NULL DEFAULT 'totp', "secret_sealed" character varying(256) NOT NULL, "verified_at" TIMESTAMP WITH TIME ZONE, "last_time_step" bigint, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2a242f78dd4fed11bd563d4f933" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_mfa_factors_user_id" ON "mfa_factors" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "passkeys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "credential_id" character varying(1024) NOT NULL, "public_key" bytea NOT NULL, "counter" bigint NOT NULL DEFAULT '0', "transports" jsonb NOT NULL DEFAULT '[]', "device_type" character varying(16) NOT NULL, "backed_up" boolean NOT NULL, "name" character varying(64) NOT NULL, "aaguid" character varying(36), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_db928e6fd79e7098911268a74c3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_passkeys_user_id" ON "passkeys" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_passkeys_credential_id" ON "passkeys" ("credential_id") `);
    await queryRunner.query(`CREATE TABLE "recovery_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "code_hash" character(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0723b9e53961e799027d7f7ba32" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_recovery_codes_user_code" ON "recovery_codes" ("user_id", "code_hash") `);
    await queryRunner.query(`CREATE TABLE "security_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "type" character varying(40) NOT NULL, "ip" character varying(64), "user_agent" character varying(512), "detail" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6fc100d6700780737348df0d3ae" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_security_events_user_created" ON "security_events" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "webauthn_challenges" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid, "ceremony" character varying(16) NOT NULL, "challenge" character varying(128) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e2946be78aa4435a952618a944d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webauthn_challenges_expires_at" ON "webauthn_challenges" ("expires_at") `);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "ip" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "last_active_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "authenticated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "aal" character varying(8) NOT NULL DEFAULT 'aal1'`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "amr" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "mfa_factors" ADD CONSTRAINT "FK_mfa_factors_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "passkeys" ADD CONSTRAINT "FK_passkeys_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "recovery_codes" ADD CONSTRAINT "FK_recovery_codes_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "security_events" ADD CONSTRAINT "FK_security_events_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`UPDATE "sessions" SET "authenticated_at" = "created_at", "last_active_at" = "created_at"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "security_events" DROP CONSTRAINT "FK_security_events_user_id"`);
    await queryRunner.query(`ALTER TABLE "recovery_codes" DROP CONSTRAINT "FK_recovery_codes_user_id"`);
    await queryRunner.query(`ALTER TABLE "passkeys" DROP CONSTRAINT "FK_passkeys_user_id"`);
    await queryRunner.query(`ALTER TABLE "mfa_factors" DROP CONSTRAINT "FK_mfa_factors_user_id"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "amr"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "aal"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "authenticated_at"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "last_active_at"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "ip"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webauthn_challenges_expires_at"`);
    await queryRunner.query(`DROP TABLE "webauthn_challenges"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_security_events_user_created"`);
    await queryRunner.query(`DROP TABLE "security_events"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_recovery_codes_user_code"`);
    await queryRunner.query(`DROP TABLE "recovery_codes"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_passkeys_credential_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_passkeys_user_id"`);
    await queryRunner.query(`DROP TABLE "passkeys"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_mfa_factors_user_id"`);
    await queryRunner.query(`DROP TABLE "mfa_factors"`);
  }
}
