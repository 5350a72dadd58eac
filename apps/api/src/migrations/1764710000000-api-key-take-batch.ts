import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Concurrent requests of one API key taken in one statement (docs/request-path.md, step 8): api_key_take for n
 * requests at once, each from its own address, answered as if they had come one after another, with one update of
 * the account's GCRA row and one of its month's count for all of them. 16 requests of one account at once no longer
 * queue on its row, and PostgreSQL's work is shared by the batch. api_key_take stays (processes of the build before
 * call it during a rolling deploy); nothing of this build calls it.
 */
export class ApiKeyTakeBatch1764710000000 implements MigrationInterface {
  name = 'ApiKeyTakeBatch1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per element of p_failures_keys (the requests' addresses' failed-key windows), in their order (n):
    // - over p_failures_limit: the window alone, nothing else read or taken for that request;
    // - otherwise the key (read once, its use noted once a minute), and, when it belongs to p_account, the request's
    //   take: the k requests that passed their address take k units of the account's plan in order, exactly as
    //   api_rate_take one after another would (the GCRA first, the month's count of those it let through, a request
    //   the month refuses giving its GCRA token back), so the first j are allowed and the rest refused.
    // The GCRA row, then the month's row, are locked (in api_rate_take's order: no deadlock between the two) before
    // anything is read from them, so another process's take of the same account waits, as it did, and counts after.
    await queryRunner.query(`CREATE FUNCTION "api_key_take_batch"(p_failures_keys text[], p_failures_limit integer, p_hash bpchar, p_account uuid, p_interval double precision, p_burst integer, p_month_limit bigint)
      RETURNS TABLE ("n" integer, "failures" integer, "failures_ms_left" double precision, "key_id" uuid, "user_id" uuid, "scope" text, "is_anonymous" boolean,
        "allowed" boolean, "limited_by" text, "tat_s" double precision, "now_s" double precision, "month_count" bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_now timestamptz := clock_timestamp();
        v_failures integer[];
        v_ms_left double precision[];
        v_passed integer := 0;
        v_key record;
        v_step interval;
        v_limit timestamptz;
        v_tat timestamptz;
        v_base timestamptz;
        v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
        v_count bigint;
        v_gcra integer := 0;
        v_taken integer := 0;
        v_i integer;
        v_k integer := 0;
      BEGIN
        SELECT array_agg(coalesce(h.hits, 0) ORDER BY d.n), array_agg(coalesce(extract(epoch FROM h.expires_at - v_now) * 1000, 0) ORDER BY d.n)
          INTO v_failures, v_ms_left
          FROM unnest(p_failures_keys) WITH ORDINALITY AS d(key, n)
          LEFT JOIN throttle_hits h ON h.key = d.key AND h.expires_at > v_now;
        FOR v_i IN 1 .. cardinality(p_failures_keys) LOOP
          IF v_failures[v_i] <= p_failures_limit THEN v_passed := v_passed + 1; END IF;
        END LOOP;
        IF v_passed > 0 THEN
          SELECT k.id, k.user_id, k.scope, k.last_used_at, u.is_anonymous INTO v_key
            FROM api_keys k JOIN users u ON u.id = k.user_id
            WHERE k.hash = p_hash AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now());
          IF v_key.id IS NOT NULL AND NOT v_key.is_anonymous AND (v_key.last_used_at IS NULL OR v_key.last_used_at < now() - interval '60 seconds') THEN
            UPDATE api_keys SET last_used_at = now() WHERE id = v_key.id AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds');
          END IF;
          IF v_key.id IS NOT NULL AND NOT v_key.is_anonymous AND p_account IS NOT NULL AND v_key.user_id = p_account THEN
            v_step := make_interval(secs => p_interval);
            v_limit := v_now + make_interval(secs => p_interval * p_burst);
            SELECT s.tat INTO v_tat FROM api_rate_state s WHERE s.account_id = p_account FOR UPDATE;
            IF NOT FOUND THEN
              INSERT INTO api_rate_state (account_id, tat) VALUES (p_account, v_now) ON CONFLICT (account_id) DO NOTHING;
              SELECT s.tat INTO v_tat FROM api_rate_state s WHERE s.account_id = p_account FOR UPDATE;
            END IF;
            v_base := greatest(v_tat, v_now);
            -- As many as the GCRA lets through one after another (the same comparison api_rate_take makes for each).
            WHILE v_gcra < v_passed AND v_base + v_step * (v_gcra + 1) <= v_limit LOOP
              v_gcra := v_gcra + 1;
            END LOOP;
            IF v_gcra > 0 THEN
              SELECT c.count INTO v_count FROM api_usage_month c WHERE c.account_id = p_account AND c.month = v_month FOR UPDATE;
              IF NOT FOUND THEN
                INSERT INTO api_usage_month (account_id, month, count) VALUES (p_account, v_month, 0) ON CONFLICT (account_id, month) DO NOTHING;
                SELECT c.count INTO v_count FROM api_usage_month c WHERE c.account_id = p_account AND c.month = v_month FOR UPDATE;
              END IF;
              v_taken := CASE WHEN p_month_limit IS NULL THEN v_gcra ELSE least(v_gcra, greatest(p_month_limit - v_count, 0))::integer END;
              IF v_taken > 0 THEN
                UPDATE api_usage_month c SET count = c.count + v_taken WHERE c.account_id = p_account AND c.month = v_month;
                UPDATE api_rate_state s SET tat = v_base + v_step * v_taken WHERE s.account_id = p_account;
              END IF;
            ELSE
              SELECT c.count INTO v_count FROM api_usage_month c WHERE c.account_id = p_account AND c.month = v_month;
            END IF;
            v_count := coalesce(v_count, 0);
          END IF;
        END IF;
        -- One row per request (RETURN NEXT of the output columns: no query run per row).
        FOR v_i IN 1 .. cardinality(p_failures_keys) LOOP
          n := v_i;
          failures := v_failures[v_i];
          failures_ms_left := v_ms_left[v_i];
          key_id := NULL; user_id := NULL; scope := NULL; is_anonymous := NULL;
          allowed := NULL; limited_by := NULL; tat_s := NULL; now_s := NULL; month_count := NULL;
          IF v_failures[v_i] <= p_failures_limit THEN
            key_id := v_key.id; user_id := v_key.user_id; scope := v_key.scope; is_anonymous := v_key.is_anonymous;
            IF v_step IS NOT NULL THEN
              v_k := v_k + 1;
              now_s := extract(epoch FROM v_now);
              IF v_k <= v_taken THEN
                allowed := true;
                tat_s := extract(epoch FROM v_base + v_step * v_k);
                month_count := v_count + v_k;
              ELSIF v_taken < v_gcra THEN
                -- The GCRA would have let it through, the month did not (and gave its token back).
                allowed := false; limited_by := 'month';
                tat_s := extract(epoch FROM v_base + v_step * v_taken);
                month_count := p_month_limit;
              ELSE
                allowed := false; limited_by := 'minute';
                tat_s := extract(epoch FROM v_base + v_step * v_taken);
                month_count := v_count + v_taken;
              END IF;
            END IF;
          END IF;
          RETURN NEXT;
        END LOOP;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "api_key_take_batch"(text[], integer, bpchar, uuid, double precision, integer, bigint)`);
  }
}
