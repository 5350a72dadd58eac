import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { DATABASE_URL } from '../core/database/database.module';
import type { ApiKeyScope } from './schema/api-key.entity';

/** What the database decided about one keyed request (all times in epoch seconds, on the database's clock). */
export interface ApiTake {
  allowed: boolean;
  /** Which limit refused it. */
  limitedBy: 'minute' | 'month' | null;
  /** The account's GCRA theoretical arrival time after this request. */
  tat: number;
  now: number;
  /** Requests counted this UTC month, this one included when allowed. */
  monthCount: number;
}

/** What the database found of one request made with an API key (api_key_take): each part only if the one before let it through. */
export interface KeyTake {
  /** The address's failed key authentications in their window (0 hits: none). */
  failures: WindowHit;
  /** The active key with that hash, if any. */
  key?: { id: string; userId: string; scope: ApiKeyScope; isAnonymous: boolean };
  /** The plan's take, when the key is a full account's and belongs to the account asked for. */
  take?: ApiTake;
}

/**
 * What api_key_take_many answers for a batch of one key's requests (times in microseconds since the epoch, as
 * PostgreSQL keeps them; its bigints arrive as text): each request's address's failed keys, the key, and the take of
 * the requests that passed their address (null without one).
 */
export interface KeyTakeRow {
  failures: number[];
  failures_ms_left: number[];
  key_id: string | null;
  user_id: string | null;
  scope: ApiKeyScope | null;
  is_anonymous: boolean | null;
  /** How many of the passed requests the GCRA let through, one after another. */
  gcra: number | null;
  /** How many of those the month still had: the first `taken` passed requests are allowed. */
  taken: number | null;
  /** The month's count before the batch. */
  month_count: string | null;
  now_us: string | null;
  /** The GCRA's time before the batch (or now, if later), and its step a request. */
  base_us: string | null;
  step_us: string | null;
}

/**
 * Each request's answer from api_key_take_many's row, as api_key_take_batch gave one row a request: the k-th request
 * that passed its address is allowed when k ≤ taken, its GCRA time base + step × k; a refused one hears the time after
 * the last one allowed, and the month when the GCRA would have let it through but the month did not. The microseconds
 * are whole numbers below 2^53, so µs / 10^6 is the same double PostgreSQL's extract(epoch …) gave as float8.
 */
export function keyTakesOf(row: KeyTakeRow, failuresLimit: number, monthLimit: number | null): KeyTake[] {
  const key = row.key_id ? { id: row.key_id, userId: row.user_id as string, scope: row.scope as ApiKeyScope, isAnonymous: Boolean(row.is_anonymous) } : undefined;
  const gcra = row.gcra ?? 0;
  const taken = row.taken ?? 0;
  const count = Number(row.month_count);
  const now = Number(row.now_us) / 1e6;
  const base = Number(row.base_us);
  const step = Number(row.step_us);
  let k = 0;
  return row.failures.map((hits, i) => {
    const failures = { hits, msLeft: Math.max(0, row.failures_ms_left[i]) };
    if (hits > failuresLimit) return { failures };
    if (row.taken === null) return { failures, key };
    k += 1;
    const take: ApiTake =
      k <= taken
        ? { allowed: true, limitedBy: null, tat: (base + step * k) / 1e6, now, monthCount: count + k }
        : taken < gcra
          ? { allowed: false, limitedBy: 'month', tat: (base + step * taken) / 1e6, now, monthCount: monthLimit as number }
          : { allowed: false, limitedBy: 'minute', tat: (base + step * taken) / 1e6, now, monthCount: count + taken };
    return { failures, key, take };
  });
}

/** The account a key is known to belong to, and its plan as takeApi() takes it. */
export interface KeyAccount {
  id: string;
  intervalSeconds: number;
  burst: number;
  monthLimit: number | null;
}

export interface WindowHit {
  hits: number;
  /** Milliseconds until the window ends. */
  msLeft: number;
}

/** Hits one process counted on its own for a key (the site's flood guard, SharedThrottlerStorage), sent together. */
export interface WindowHits {
  key: string;
  hits: number;
  /** The window's length, should these hits start one. */
  ttlMs: number;
}

/**
 * The rate-limit state every API process shares (docs/developer-api.md, "Limits"): the developer API's per-account
 * GCRA and monthly counts, and the site's throttling windows. One statement per check, timed by the database's clock.
 * Its own small pool with synchronous_commit off: a count is never waited on to reach the disk (a crash may lose the
 * last fraction of a second of counts), and the checks do not queue behind the app's other queries.
 */
@Injectable()
export class RateLimitStore implements OnApplicationShutdown {
  private readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 6, connectionTimeoutMillis: 3000, options: '-c synchronous_commit=off' });
    // An idle client's connection dying (a database restart) must not end the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async takeApi(accountId: string, intervalSeconds: number, burst: number, monthLimit: number | null): Promise<ApiTake> {
    const { rows } = await this.pool.query<{ allowed: boolean; limited_by: 'minute' | 'month' | null; tat_s: number; now_s: number; month_count: string }>(
      'SELECT * FROM api_rate_take($1, $2, $3, $4)',
      [accountId, intervalSeconds, burst, monthLimit],
    );
    const [row] = rows;
    return { allowed: row.allowed, limitedBy: row.limited_by, tat: row.tat_s, now: row.now_s, monthCount: Number(row.month_count) };
  }

  /**
   * Requests made with one API key, in one round trip however many (api_key_take_many): for each, in order, the
   * failed-key window of its `failuresKeys` entry (over `failuresLimit`, nothing else is done for it), the key of
   * `hash` (its use noted once a minute), and, if it belongs to `account`, that request's take of the account's plan,
   * exactly as if the requests had come one after another. Without `account` (the key not seen before) the key is
   * answered alone. One answer per entry of `failuresKeys`, in its order (keyTakesOf).
   */
  async takeWithKey(
    failuresKeys: string[],
    failuresLimit: number,
    hash: string,
    account: KeyAccount | undefined,
  ): Promise<KeyTake[]> {
    const { rows } = await this.pool.query<KeyTakeRow>({
      // Prepared once per connection: the statement is the same on every keyed request.
      name: 'api-key-take-many',
      text: 'SELECT * FROM api_key_take_many($1, $2, $3, $4, $5, $6, $7)',
      values: [
        failuresKeys.map((key) => key.slice(0, 255)),
        failuresLimit,
        hash,
        account?.id ?? null,
        account?.intervalSeconds ?? null,
        account?.burst ?? null,
        account?.monthLimit ?? null,
      ],
    });
    if (rows.length !== 1 || rows[0].failures.length !== failuresKeys.length) {
      throw new Error(`api_key_take_many answered ${rows[0]?.failures.length ?? 0} of ${failuresKeys.length} requests`);
    }
    return keyTakesOf(rows[0], failuresLimit, account?.monthLimit ?? null);
  }

  /** The account's state without taking anything (a missing row is a full bucket). */
  async peekApi(accountId: string): Promise<Omit<ApiTake, 'allowed' | 'limitedBy'>> {
    const { rows } = await this.pool.query<{ tat_s: number | null; now_s: number; month_count: string | null }>(
      `WITH c AS (SELECT clock_timestamp() AS now)
       SELECT extract(epoch FROM s.tat)::float8 AS tat_s, extract(epoch FROM c.now)::float8 AS now_s, m.count AS month_count
       FROM c LEFT JOIN api_rate_state s ON s.account_id = $1
       LEFT JOIN api_usage_month m ON m.account_id = $1 AND m.month = date_trunc('month', c.now AT TIME ZONE 'UTC')::date`,
      [accountId],
    );
    const [row] = rows;
    return { tat: Math.max(row.tat_s ?? row.now_s, row.now_s), now: row.now_s, monthCount: Number(row.month_count ?? 0) };
  }

  /** Counts a hit in the key's fixed window of `ttlMs` (a new window starts with the first hit after one ends). */
  async hit(key: string, ttlMs: number): Promise<WindowHit> {
    const { rows } = await this.pool.query<{ hits: number; ms_left: number }>(
      `WITH c AS (SELECT clock_timestamp() AS now)
       INSERT INTO throttle_hits AS h (key, hits, expires_at) SELECT $1, 1, c.now + $2 * interval '1 millisecond' FROM c
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN h.expires_at <= (SELECT now FROM c) THEN 1 ELSE h.hits + 1 END,
         expires_at = CASE WHEN h.expires_at <= (SELECT now FROM c) THEN (SELECT now FROM c) + $2 * interval '1 millisecond' ELSE h.expires_at END
       RETURNING h.hits, (extract(epoch FROM h.expires_at - (SELECT now FROM c)) * 1000)::float8 AS ms_left`,
      [key.slice(0, 255), ttlMs],
    );
    return { hits: rows[0].hits, msLeft: Math.max(0, rows[0].ms_left) };
  }

  /**
   * hit() for several keys at once, each with its number of hits, in one statement; each key's window after them.
   * Keys are taken in one order, so two processes adding to the same keys at once wait for each other and never deadlock.
   */
  async addHits(batch: WindowHits[]): Promise<Map<string, WindowHit>> {
    const sorted = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const { rows } = await this.pool.query<{ key: string; hits: number; ms_left: number }>(
      `WITH c AS (SELECT clock_timestamp() AS now)
       INSERT INTO throttle_hits AS h (key, hits, expires_at)
       SELECT d.key, d.hits, c.now + d.ttl_ms * interval '1 millisecond'
       FROM unnest($1::text[], $2::int[], $3::float8[]) WITH ORDINALITY AS d(key, hits, ttl_ms, n), c ORDER BY d.n
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN h.expires_at <= (SELECT now FROM c) THEN EXCLUDED.hits ELSE h.hits + EXCLUDED.hits END,
         expires_at = CASE WHEN h.expires_at <= (SELECT now FROM c) THEN EXCLUDED.expires_at ELSE h.expires_at END
       RETURNING h.key, h.hits, (extract(epoch FROM h.expires_at - (SELECT now FROM c)) * 1000)::float8 AS ms_left`,
      [sorted.map((d) => d.key.slice(0, 255)), sorted.map((d) => d.hits), sorted.map((d) => d.ttlMs)],
    );
    return new Map(rows.map((r) => [r.key, { hits: r.hits, msLeft: Math.max(0, r.ms_left) }]));
  }

  /** The key's window as it stands, without counting a hit (no window: 0 hits). */
  async peek(key: string): Promise<WindowHit> {
    const { rows } = await this.pool.query<{ hits: number; ms_left: number }>(
      `SELECT hits, (extract(epoch FROM expires_at - clock_timestamp()) * 1000)::float8 AS ms_left FROM throttle_hits WHERE key = $1 AND expires_at > clock_timestamp()`,
      [key.slice(0, 255)],
    );
    return rows[0] ? { hits: rows[0].hits, msLeft: Math.max(0, rows[0].ms_left) } : { hits: 0, msLeft: 0 };
  }

  /** Ends the key's window (a success forgives the failures before it). */
  async forget(key: string): Promise<void> {
    await this.pool.query('DELETE FROM throttle_hits WHERE key = $1', [key.slice(0, 255)]);
  }

  /** Drops state that no longer limits anyone: ended windows and full buckets. */
  async sweep(): Promise<void> {
    await this.pool.query('DELETE FROM throttle_hits WHERE expires_at < clock_timestamp()');
    await this.pool.query('DELETE FROM api_rate_state WHERE tat < clock_timestamp()');
  }


  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
