import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { ApiKeyScope } from './schema/api-key.entity';

export interface ApiKeyRow {
  id: string;
  userId: string;
  name: string;
  scope: ApiKeyScope;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

/** `lifetimeDays`: the key expires that many days after it is made (on the database's clock); null: never. */
export type NewApiKey = Pick<ApiKeyRow, 'userId' | 'name' | 'scope' | 'start'> & { hash: string; lifetimeDays: number | null };

const COLUMNS = `id, user_id AS "userId", name, scope, start, created_at AS "createdAt", last_used_at AS "lastUsedAt", expires_at AS "expiresAt"`;
const ACTIVE = `revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

/** api_keys: only hashes are stored; a key is active until it is revoked or expires, and the check reads no cache. */
@Injectable()
export class ApiKeyRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Inserts the key unless the user has `max` active ones (counted under a lock on the user's row); undefined then. */
  async insertWithinLimit(key: NewApiKey, max: number): Promise<ApiKeyRow | undefined> {
    return this.manager.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [key.userId]);
      const [{ count }] = (await tx.query(`SELECT count(*)::int AS count FROM api_keys WHERE user_id = $1 AND ${ACTIVE}`, [key.userId])) as { count: number }[];
      if (count >= max) return undefined;
      const [row] = (await tx.query(`INSERT INTO api_keys (user_id, name, scope, start, hash, expires_at) VALUES ($1, $2, $3, $4, $5, now() + $6::int * interval '1 day') RETURNING ${COLUMNS}`, [
        key.userId,
        key.name,
        key.scope,
        key.start,
        key.hash,
        key.lifetimeDays,
      ])) as ApiKeyRow[];
      return row;
    });
  }

  /** The user's keys that are not revoked and have not expired more than `expiredDays` ago, the newest first. */
  async listedOf(userId: string, expiredDays: number): Promise<ApiKeyRow[]> {
    return (await this.manager.query(
      `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now() - $2::int * interval '1 day')
       ORDER BY created_at DESC, id`,
      [userId, expiredDays],
    )) as ApiKeyRow[];
  }

  /** The active key with this hash, and whether its owner is a full account. */
  async activeByHash(hash: string): Promise<(ApiKeyRow & { isAnonymous: boolean }) | undefined> {
    const [row] = (await this.manager.query(
      `SELECT k.id, k.user_id AS "userId", k.name, k.scope, k.start, k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt",
         k.expires_at AS "expiresAt", u.is_anonymous AS "isAnonymous"
       FROM api_keys k JOIN users u ON u.id = k.user_id
       WHERE k.hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
      [hash],
    )) as (ApiKeyRow & { isAnonymous: boolean })[];
    return row;
  }

  /** Notes a use, unless one was noted in the last minute (a busy key writes once a minute, not per request). */
  async touch(id: string): Promise<void> {
    await this.manager.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds')`, [id]);
  }

  /** Revokes one of the user's active keys; whether there was one. */
  /** Revokes the user's key; its name, or undefined when the user has no such live key. */
  async revoke(userId: string, id: string): Promise<string | undefined> {
    const [rows] = (await this.manager.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING name`, [id, userId])) as [
      { name: string }[],
      number,
    ];
    return rows[0]?.name;
  }

  /** Revokes every key of the user; how many. */
  async revokeAll(userId: string): Promise<number> {
    const rows = (await this.manager.query(`UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`, [userId])) as [unknown[], number];
    return rows[1];
  }
}
