import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * api_key_take_batch at a smaller fixed cost (docs/request-path.md, step 9): the same answers, in one row for the whole
 * batch, from fewer statements. Each address's failed keys are read by the table's primary key (api_key_take_batch
 * joined the batch's addresses with throttle_hits, which PostgreSQL often did by reading the whole table: it holds a row
 * per address the site's flood guard has seen); a request from the address of the one before it reuses that read;
 * the month's count is locked, read and added to by one statement (a locking read in a WITH of the update, which
 * returns the count before and after; PostgreSQL 17, which docker-compose.yml runs, has no RETURNING old.), not two.
 * The caller works out each request's answer from the one row (RateLimitStore.takeWithKey), with the same figures
 * api_key_take_batch's rows gave: the k-th request that passed its address's failures is allowed when k is at most
 * `taken`, its GCRA time is base + step × k (or × taken when refused), all in whole microseconds as PostgreSQL's
 * timestamps are. api_key_take_batch stays for the processes of the build before during a rolling deploy.
 */
export class ApiKeyTakeMany1764720000000 implements MigrationInterface {
  name = 'ApiKeyTakeMany1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row: `failures` and `failures_ms_left` per element of p_failures_keys, in its order; the key (read once, its
    // use noted once a minute) when at least one request passed its address; when the key is a full account's and is
    // p_account's, the take of the `passed` requests: `gcra` of them the GCRA let through one after another (the same
    // comparison as api_rate_take's, unit by unit), `taken` of those the month still had (the rest refused by the
    // month, their GCRA tokens given back), `month_count` the month's count before them, and the times in microseconds
    // since the epoch. The GCRA row, then the month's row, are locked before anything is read from them (in
    // api_rate_take's order: no deadlock between the two), so another process's take of the account waits and counts after.
    await queryRunner.query(`CREATE FUNCTION "api_key_take_many"(p_failures_keys text[], p_failures_limit integer, p_hash bpchar, p_account uuid, p_interval double precision, p_burst integer, p_month_limit bigint)
      RETURNS TABLE ("failures" integer[], "failures_ms_left" double precision[], "key_id" uuid, "user_id" uuid, "scope" text, "is_anonymous" boolean,
        "gcra" integer, "taken" integer, "month_count" bigint, "now_us" bigint, "base_us" bigint, "step_us" bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_now timestamptz := clock_timestamp();
        v_hits integer;
        v_ms_left double precision;
        v_passed integer := 0;
        v_key record;
        v_step interval;
        v_limit timestamptz;
        v_tat timestamptz;
        v_base timestamptz;
        v_month date;
        v_count bigint;
        v_new_count bigint;
        v_i integer;
      BEGIN
        failures := '{}';
        failures_ms_left := '{}';
        FOR v_i IN 1 .. cardinality(p_failures_keys) LOOP
          IF v_i = 1 OR p_failures_keys[v_i] IS DISTINCT FROM p_failures_keys[v_i - 1] THEN
            SELECT h.hits, extract(epoch FROM h.expires_at - v_now) * 1000 INTO v_hits, v_ms_left
              FROM throttle_hits h WHERE h.key = p_failures_keys[v_i] AND h.expires_at > v_now;
            IF NOT FOUND THEN v_hits := 0; v_ms_left := 0; END IF;
          END IF;
          failures[v_i] := v_hits;
          failures_ms_left[v_i] := v_ms_left;
          IF v_hits <= p_failures_limit THEN v_passed := v_passed + 1; END IF;
        END LOOP;
        IF v_passed > 0 THEN
          SELECT k.id, k.user_id, k.scope, k.last_used_at, u.is_anonymous INTO v_key
            FROM api_keys k JOIN users u ON u.id = k.user_id
            WHERE k.hash = p_hash AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now());
          key_id := v_key.id; user_id := v_key.user_id; scope := v_key.scope; is_anonymous := v_key.is_anonymous;
          IF v_key.id IS NOT NULL AND NOT v_key.is_anonymous AND (v_key.last_used_at IS NULL OR v_key.last_used_at < now() - interval '60 seconds') THEN
            UPDATE api_keys SET last_used_at = now() WHERE id = v_key.id AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds');
          END IF;
          IF v_key.id IS NOT NULL AND NOT v_key.is_anonymous AND p_account IS NOT NULL AND v_key.user_id = p_account THEN
            v_step := make_interval(secs => p_interval);
            v_limit := v_now + make_interval(secs => p_interval * p_burst);
            v_month := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
            LOOP
              SELECT s.tat INTO v_tat FROM api_rate_state s WHERE s.account_id = p_account FOR UPDATE;
              EXIT WHEN FOUND;
              INSERT INTO api_rate_state (account_id, tat) VALUES (p_account, v_now) ON CONFLICT (account_id) DO NOTHING;
            END LOOP;
            v_base := greatest(v_tat, v_now);
            gcra := 0;
            WHILE gcra < v_passed AND v_base + v_step * (gcra + 1) <= v_limit LOOP
              gcra := gcra + 1;
            END LOOP;
            taken := 0;
            IF gcra > 0 THEN
              LOOP
                WITH o AS (SELECT m.count FROM api_usage_month m WHERE m.account_id = p_account AND m.month = v_month FOR UPDATE)
                UPDATE api_usage_month c SET count = o.count + CASE WHEN p_month_limit IS NULL THEN gcra ELSE least(gcra, greatest(p_month_limit - o.count, 0)) END
                  FROM o WHERE c.account_id = p_account AND c.month = v_month
                  RETURNING o.count, c.count INTO v_count, v_new_count;
                EXIT WHEN FOUND;
                INSERT INTO api_usage_month (account_id, month, count) VALUES (p_account, v_month, 0) ON CONFLICT (account_id, month) DO NOTHING;
              END LOOP;
              taken := v_new_count - v_count;
              IF taken > 0 THEN
                UPDATE api_rate_state s SET tat = v_base + v_step * taken WHERE s.account_id = p_account;
              END IF;
            ELSE
              SELECT c.count INTO v_count FROM api_usage_month c WHERE c.account_id = p_account AND c.month = v_month;
            END IF;
            month_count := coalesce(v_count, 0);
            now_us := extract(epoch FROM v_now) * 1000000;
            base_us := extract(epoch FROM v_base) * 1000000;
            step_us := extract(epoch FROM v_step) * 1000000;
          END IF;
        END IF;
        RETURN NEXT;
      END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "api_key_take_many"(text[], integer, bpchar, uuid, double precision, integer, bigint)`);
  }
}
