import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A request made with an API key in one round trip (docs/developer-api.md, "Limits"): the address's failed-key window,
 * the key itself (noting its use once a minute), and its account's plan take (api_rate_take), each only if the one
 * before let the request through, as three statements did before.
 */
export class ApiKeyTake1763880000000 implements MigrationInterface {
  name = 'ApiKeyTake1763880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The take needs the account's plan, which the caller knows from the key's last request (its account never
    // changes): p_account is that account, and the plan is taken only for a key of it. With no p_account, or a key
    // of another account, the key is answered without a take, and the caller takes with api_rate_take.
    await queryRunner.query(`CREATE FUNCTION "api_key_take"(p_failures_key text, p_failures_limit integer, p_hash bpchar, p_account uuid, p_interval double precision, p_burst integer, p_month_limit bigint)
      RETURNS TABLE ("failures" integer, "failures_ms_left" double precision, "key_id" uuid, "user_id" uuid, "scope" text, "is_anonymous" boolean,
        "allowed" boolean, "limited_by" text, "tat_s" double precision, "now_s" double precision, "month_count" bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_failures integer := 0;
        v_ms_left double precision := 0;
        v_key record;
        v_take record;
      BEGIN
        SELECT h.hits, extract(epoch FROM h.expires_at - clock_timestamp()) * 1000 INTO v_failures, v_ms_left
          FROM throttle_hits h WHERE h.key = p_failures_key AND h.expires_at > clock_timestamp();
        v_failures := coalesce(v_failures, 0);
        IF v_failures > p_failures_limit THEN
          RETURN QUERY SELECT v_failures, v_ms_left, NULL::uuid, NULL::uuid, NULL::text, NULL::boolean, NULL::boolean, NULL::text, NULL::float8, NULL::float8, NULL::bigint;
          RETURN;
        END IF;
        SELECT k.id, k.user_id, k.scope, k.last_used_at, u.is_anonymous INTO v_key
          FROM api_keys k JOIN users u ON u.id = k.user_id
          WHERE k.hash = p_hash AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now());
        IF v_key.id IS NULL OR v_key.is_anonymous THEN
          RETURN QUERY SELECT v_failures, v_ms_left, v_key.id, v_key.user_id, v_key.scope::text, v_key.is_anonymous, NULL::boolean, NULL::text, NULL::float8, NULL::float8, NULL::bigint;
          RETURN;
        END IF;
        IF v_key.last_used_at IS NULL OR v_key.last_used_at < now() - interval '60 seconds' THEN
          UPDATE api_keys SET last_used_at = now() WHERE id = v_key.id AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds');
        END IF;
        IF p_account IS NULL OR v_key.user_id <> p_account THEN
          RETURN QUERY SELECT v_failures, v_ms_left, v_key.id, v_key.user_id, v_key.scope::text, v_key.is_anonymous, NULL::boolean, NULL::text, NULL::float8, NULL::float8, NULL::bigint;
          RETURN;
        END IF;
        SELECT * INTO v_take FROM api_rate_take(p_account, p_interval, p_burst, p_month_limit);
        RETURN QUERY SELECT v_failures, v_ms_left, v_key.id, v_key.user_id, v_key.scope::text, v_key.is_anonymous, v_take.allowed, v_take.limited_by, v_take.tat_s, v_take.now_s, v_take.month_count;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "api_key_take"(text, integer, bpchar, uuid, double precision, integer, bigint)`);
  }
}
