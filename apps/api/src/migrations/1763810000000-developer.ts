import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The developer platform: API keys, operators' API plan grants, and the shared rate-limit state (docs/developer-api.md,
 * "Limits"). The rate state tables are UNLOGGED: they are rewritten on every request, and losing them in a crash only
 * refills everyone's bucket. The monthly counts are logged, as they are what a plan sells.
 */
export class Developer1763810000000 implements MigrationInterface {
  name = 'Developer1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "name" character varying(64) NOT NULL, "scope" character varying(16) NOT NULL, "start" character(12) NOT NULL, "hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_api_keys_scope" CHECK ("scope" IN ('read-only', 'full-access')), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_api_keys_hash" ON "api_keys" ("hash") `);
    await queryRunner.query(`CREATE INDEX "IDX_api_keys_user_active" ON "api_keys" ("user_id") WHERE "revoked_at" IS NULL`);
    await queryRunner.query(`CREATE TABLE "api_plan_grants" ("user_id" uuid NOT NULL, "plan" character varying(16) NOT NULL, "until" TIMESTAMP WITH TIME ZONE, "granted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_api_plan_grants_plan" CHECK ("plan" IN ('startup', 'developer', 'business', 'enterprise')), CONSTRAINT "PK_a3bd0296a51584c01a6a6b16d8d" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`ALTER TABLE "api_keys" ADD CONSTRAINT "FK_api_keys_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "api_plan_grants" ADD CONSTRAINT "FK_api_plan_grants_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);

    // Per account: the GCRA's theoretical arrival time. A tat in the past is a full bucket, the same as no row.
    await queryRunner.query(`CREATE UNLOGGED TABLE "api_rate_state" ("account_id" uuid NOT NULL PRIMARY KEY, "tat" TIMESTAMP WITH TIME ZONE NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "api_usage_month" ("account_id" uuid NOT NULL, "month" date NOT NULL, "count" bigint NOT NULL, PRIMARY KEY ("account_id", "month"))`);
    // The site's own throttling (@nestjs/throttler): fixed windows per route and caller, shared by every API process.
    await queryRunner.query(`CREATE UNLOGGED TABLE "throttle_hits" ("key" character varying(255) NOT NULL PRIMARY KEY, "hits" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL)`);
    // One round trip per keyed request, timed by the database's clock so that every API process agrees: the GCRA
    // first, then the month's count only for a request the GCRA let through (a 429 does not count toward the month).
    // A request the month refuses gives its GCRA token back.
    await queryRunner.query(`CREATE FUNCTION "api_rate_take"(p_account uuid, p_interval double precision, p_burst integer, p_month_limit bigint)
      RETURNS TABLE ("allowed" boolean, "limited_by" text, "tat_s" double precision, "now_s" double precision, "month_count" bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_now timestamptz := clock_timestamp();
        v_step interval := make_interval(secs => p_interval);
        v_tat timestamptz;
        v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
        v_count bigint;
      BEGIN
        INSERT INTO api_rate_state AS s (account_id, tat) VALUES (p_account, v_now + v_step)
          ON CONFLICT (account_id) DO UPDATE SET tat = greatest(s.tat, v_now) + v_step
          WHERE greatest(s.tat, v_now) + v_step <= v_now + make_interval(secs => p_interval * p_burst)
          RETURNING s.tat INTO v_tat;
        IF v_tat IS NULL THEN
          SELECT s.tat INTO v_tat FROM api_rate_state s WHERE s.account_id = p_account;
          SELECT c.count INTO v_count FROM api_usage_month c WHERE c.account_id = p_account AND c.month = v_month;
          RETURN QUERY SELECT false, 'minute'::text, extract(epoch FROM v_tat)::double precision, extract(epoch FROM v_now)::double precision, coalesce(v_count, 0);
          RETURN;
        END IF;
        INSERT INTO api_usage_month AS c (account_id, month, count) VALUES (p_account, v_month, 1)
          ON CONFLICT (account_id, month) DO UPDATE SET count = c.count + 1 WHERE p_month_limit IS NULL OR c.count < p_month_limit
          RETURNING c.count INTO v_count;
        IF v_count IS NULL THEN
          UPDATE api_rate_state AS r SET tat = r.tat - v_step WHERE r.account_id = p_account RETURNING r.tat INTO v_tat;
          RETURN QUERY SELECT false, 'month'::text, extract(epoch FROM v_tat)::double precision, extract(epoch FROM v_now)::double precision, p_month_limit;
          RETURN;
        END IF;
        RETURN QUERY SELECT true, NULL::text, extract(epoch FROM v_tat)::double precision, extract(epoch FROM v_now)::double precision, v_count;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "api_rate_take"(uuid, double precision, integer, bigint)`);
    await queryRunner.query(`DROP TABLE "throttle_hits"`);
    await queryRunner.query(`DROP TABLE "api_usage_month"`);
    await queryRunner.query(`DROP TABLE "api_rate_state"`);
    await queryRunner.query(`ALTER TABLE "api_plan_grants" DROP CONSTRAINT "FK_api_plan_grants_user_id"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_api_keys_user_id"`);
    await queryRunner.query(`DROP TABLE "api_plan_grants"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_api_keys_user_active"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_api_keys_hash"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
