import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { DeliveryStatus } from './schema/webhook-delivery.entity';
import type { WebhookStatus } from './schema/webhook-endpoint.entity';
import type { ExecuteSql } from './sql';

export interface EndpointRow {
  id: string;
  userId: string;
  url: string;
  events: string[];
  secretEnc: string;
  previousSecretEnc: string | null;
  previousSecretUntil: Date | null;
  status: WebhookStatus;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An endpoint's sealed secrets. */
export type SealedSecrets = Pick<EndpointRow, 'id' | 'secretEnc' | 'previousSecretEnc'>;

export interface DeliveryWork {
  id: string;
  status: DeliveryStatus;
  attempts: number;
  messageId: string;
  payload: object;
  endpoint: EndpointRow;
}

export interface AttemptRow {
  messageId: string;
  type: string;
  n: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseHead: string | null;
  at: Date;
  deliveryStatus: DeliveryStatus;
}

const ENDPOINT = `e.id, e.user_id AS "userId", e.url, e.events, e.secret_enc AS "secretEnc", e.previous_secret_enc AS "previousSecretEnc",
  e.previous_secret_until AS "previousSecretUntil", e.status, e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince",
  e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

/** webhook_endpoints, webhook_messages, webhook_deliveries and webhook_attempts. */
@Injectable()
export class WebhookRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Inserts unless the user has `max` endpoints (counted under a lock on the user's row); undefined then. */
  async insertWithinLimit(userId: string, url: string, events: readonly string[], secretEnc: string, max: number): Promise<EndpointRow | undefined> {
    return this.manager.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const [{ count }] = (await tx.query('SELECT count(*)::int AS count FROM webhook_endpoints WHERE user_id = $1', [userId])) as { count: number }[];
      if (count >= max) return undefined;
      const [{ id }] = (await tx.query('INSERT INTO webhook_endpoints (user_id, url, events, secret_enc) VALUES ($1, $2, $3, $4) RETURNING id', [userId, url, events, secretEnc])) as { id: string }[];
      return (await this.endpoint(id, userId, tx))!;
    });
  }

  async endpointsOf(userId: string): Promise<EndpointRow[]> {
    return (await this.manager.query(`SELECT ${ENDPOINT} FROM webhook_endpoints e WHERE e.user_id = $1 ORDER BY e.created_at, e.id`, [userId])) as EndpointRow[];
  }

  /** The user's endpoint; undefined for anyone else's. */
  async endpoint(id: string, userId: string, manager: EntityManager = this.manager): Promise<EndpointRow | undefined> {
    const [row] = (await manager.query(`SELECT ${ENDPOINT} FROM webhook_endpoints e WHERE e.id = $1 AND e.user_id = $2`, [id, userId])) as EndpointRow[];
    return row;
  }

  async update(id: string, userId: string, change: { url?: string; events?: readonly string[] }): Promise<boolean> {
    const [, count] = (await this.manager.query(
      'UPDATE webhook_endpoints SET url = coalesce($3, url), events = coalesce($4, events), updated_at = now() WHERE id = $1 AND user_id = $2',
      [id, userId, change.url ?? null, change.events ?? null],
    )) as [unknown, number];
    return count > 0;
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const [, count] = (await this.manager.query('DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2', [id, userId])) as [unknown, number];
    return count > 0;
  }

  /** Every endpoint of the user goes (their data is being deleted); how many. */
  async deleteAllOf(userId: string): Promise<number> {
    const [, count] = (await this.manager.query('DELETE FROM webhook_endpoints WHERE user_id = $1', [userId])) as [unknown, number];
    return count;
  }

  /** The new secret signs from now on; the current one keeps signing beside it until `previousUntil`. */
  async rotate(id: string, userId: string, secretEnc: string, previousUntil: Date): Promise<boolean> {
    const [, count] = (await this.manager.query(
      `UPDATE webhook_endpoints SET previous_secret_enc = secret_enc, previous_secret_until = $4, secret_enc = $3, updated_at = now() WHERE id = $1 AND user_id = $2`,
      [id, userId, secretEnc, previousUntil],
    )) as [unknown, number];
    return count > 0;
  }

  /** Endpoints with a secret not sealed under `prefix` (the current key's), to seal again (SecretBox). */
  async sealedOtherwise(prefix: string): Promise<SealedSecrets[]> {
    return (await this.manager.query(
      `SELECT id, secret_enc AS "secretEnc", previous_secret_enc AS "previousSecretEnc" FROM webhook_endpoints
        WHERE NOT starts_with(secret_enc, $1) OR NOT coalesce(starts_with(previous_secret_enc, $1), true)`,
      [prefix],
    )) as SealedSecrets[];
  }

  /** The same secrets sealed anew replace `from`, unless the endpoint's secrets changed meanwhile (a rotation): whether they did. */
  async reseal(from: SealedSecrets, to: Omit<SealedSecrets, 'id'>): Promise<boolean> {
    const [, count] = (await this.manager.query(
      'UPDATE webhook_endpoints SET secret_enc = $4, previous_secret_enc = $5 WHERE id = $1 AND secret_enc = $2 AND previous_secret_enc IS NOT DISTINCT FROM $3',
      [from.id, from.secretEnc, from.previousSecretEnc, to.secretEnc, to.previousSecretEnc],
    )) as [unknown, number];
    return count > 0;
  }

  async enable(id: string, userId: string): Promise<boolean> {
    const [, count] = (await this.manager.query(
      `UPDATE webhook_endpoints SET status = 'active', disabled_reason = NULL, failing_since = NULL, updated_at = now() WHERE id = $1 AND user_id = $2`,
      [id, userId],
    )) as [unknown, number];
    return count > 0;
  }

  /** active → disabled; whether this call disabled it (so the owner is told once). */
  async disable(id: string, reason: string): Promise<boolean> {
    const [, count] = (await this.manager.query(`UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $2, updated_at = now() WHERE id = $1 AND status = 'active'`, [
      id,
      reason,
    ])) as [unknown, number];
    return count > 0;
  }

  /** Notes a failed try: the endpoint has been failing since its first unanswered one. Returns since when. */
  async markFailing(id: string): Promise<Date> {
    const [[row]] = (await this.manager.query('UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = $1 RETURNING failing_since AS "failingSince"', [id])) as [
      { failingSince: Date }[],
      number,
    ];
    return row?.failingSince ?? new Date();
  }

  async markHealthy(id: string): Promise<void> {
    await this.manager.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [id]);
  }

  /**
   * Stores a message and a delivery for each active endpoint that wants it (all subscribers, only `userId`'s, or the one
   * `endpointId` whatever it subscribed to), and lets `enqueue` queue each delivery in the same transaction. Nothing is
   * stored when no endpoint wants it. Returns the delivery ids.
   */
  async addMessage(
    message: { id: string; type: string; payload: object },
    audience: { userId: string | null; endpointId?: string },
    enqueue: (deliveryId: string, executeSql: ExecuteSql) => Promise<void>,
  ): Promise<string[]> {
    return this.manager.transaction(async (tx) => {
      const deliveries = (await tx.query(
        `WITH targets AS (
           SELECT e.id FROM webhook_endpoints e
           WHERE e.status = 'active' AND ($2 = ANY(e.events) OR $5::uuid IS NOT NULL) AND ($4::uuid IS NULL OR e.user_id = $4) AND ($5::uuid IS NULL OR e.id = $5)
         ),
         m AS (INSERT INTO webhook_messages (id, type, payload) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM targets) RETURNING id)
         INSERT INTO webhook_deliveries (endpoint_id, message_id, next_attempt_at) SELECT t.id, m.id, now() FROM targets t, m RETURNING id`,
        [message.id, message.type, message.payload, audience.userId, audience.endpointId ?? null],
      )) as { id: string }[];
      const executeSql: ExecuteSql = async (text, values) => ({ rows: (await tx.query(text, values)) as unknown[] });
      for (const { id } of deliveries) await enqueue(id, executeSql);
      return deliveries.map((d) => d.id);
    });
  }

  async delivery(id: string): Promise<DeliveryWork | undefined> {
    const [row] = (await this.manager.query(
      `SELECT d.id, d.status, d.attempts, d.message_id AS "messageId", d.endpoint_id AS "endpointId", m.payload
       FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id WHERE d.id = $1`,
      [id],
    )) as (Omit<DeliveryWork, 'endpoint'> & { endpointId: string })[];
    if (!row) return undefined;
    const [endpoint] = (await this.manager.query(`SELECT ${ENDPOINT} FROM webhook_endpoints e WHERE e.id = $1`, [row.endpointId])) as EndpointRow[];
    const { endpointId: _endpointId, ...delivery } = row;
    return endpoint ? { ...delivery, endpoint } : undefined;
  }

  /** Takes try number `n` of a pending delivery; false when another worker took it, or it is no longer pending. */
  async claimTry(id: string, n: number): Promise<boolean> {
    const [, count] = (await this.manager.query(`UPDATE webhook_deliveries SET attempts = $2 WHERE id = $1 AND status = 'pending' AND attempts = $2 - 1`, [id, n])) as [unknown, number];
    return count > 0;
  }

  async recordAttempt(attempt: { deliveryId: string; endpointId: string; n: number; statusCode: number | null; durationMs: number; error: string | null; responseHead: string | null }): Promise<void> {
    await this.manager.query(
      'INSERT INTO webhook_attempts (delivery_id, endpoint_id, n, status_code, duration_ms, error, response_head) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [attempt.deliveryId, attempt.endpointId, attempt.n, attempt.statusCode, attempt.durationMs, attempt.error?.slice(0, 200) ?? null, attempt.responseHead?.slice(0, 1024) ?? null],
    );
  }

  async finish(id: string, status: 'succeeded' | 'failed'): Promise<void> {
    await this.manager.query(`UPDATE webhook_deliveries SET status = $2, next_attempt_at = NULL, finished_at = now() WHERE id = $1`, [id, status]);
  }

  async scheduleNext(id: string, afterSeconds: number, enqueue: (executeSql: ExecuteSql) => Promise<void>): Promise<void> {
    await this.manager.transaction(async (tx) => {
      await tx.query(`UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1`, [id, afterSeconds]);
      await enqueue(async (text, values) => ({ rows: (await tx.query(text, values)) as unknown[] }));
    });
  }

  /** Puts a finished delivery of the user's endpoint back to pending for one more try; its delivery id and try number. */
  async reopen(endpointId: string, userId: string, messageId: string): Promise<{ id: string; n: number } | undefined> {
    const [rows] = (await this.manager.query(
      `UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now(), finished_at = NULL
       FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND d.endpoint_id = $1 AND e.user_id = $2 AND d.message_id = $3 AND d.status <> 'pending'
       RETURNING d.id, d.attempts + 1 AS n`,
      [endpointId, userId, messageId],
    )) as [{ id: string; n: number }[], number];
    return rows[0];
  }

  /** The endpoint's latest attempts, the newest first. */
  async attempts(endpointId: string, limit: number): Promise<AttemptRow[]> {
    return (await this.manager.query(
      `SELECT d.message_id AS "messageId", m.type, a.n, a.status_code AS "statusCode", a.duration_ms AS "durationMs", a.error, a.response_head AS "responseHead",
         a.at, d.status AS "deliveryStatus"
       FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id JOIN webhook_messages m ON m.id = d.message_id
       WHERE a.endpoint_id = $1 ORDER BY a.at DESC, a.id DESC LIMIT $2`,
      [endpointId, limit],
    )) as AttemptRow[];
  }

  /** Forgets messages (and their deliveries and attempts) older than `days`. */
  async sweep(days: number): Promise<void> {
    await this.manager.query(`DELETE FROM webhook_messages WHERE created_at < now() - make_interval(days => $1)`, [days]);
  }
}
