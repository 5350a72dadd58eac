import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

/** realtime_tickets (UNLOGGED): single-use, short-lived passes to the realtime socket, stored as their SHA-256. */
@Injectable()
export class RealtimeTicketRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async issue(hash: string, userId: string, isAnonymous: boolean, ttlSeconds: number): Promise<Date> {
    // Expired tickets go as new ones come: the table holds about a minute of them.
    await this.manager.query('DELETE FROM realtime_tickets WHERE expires_at < now()');
    const [{ expiresAt }] = (await this.manager.query(
      `INSERT INTO realtime_tickets (hash, user_id, is_anonymous, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at AS "expiresAt"`,
      [hash, userId, isAnonymous, ttlSeconds],
    )) as { expiresAt: Date }[];
    return expiresAt;
  }

  /** Uses the ticket up: its holder, once, while it has not expired. */
  async redeem(hash: string): Promise<{ userId: string; isAnonymous: boolean } | undefined> {
    const [rows] = (await this.manager.query(
      'DELETE FROM realtime_tickets WHERE hash = $1 AND expires_at > now() RETURNING user_id AS "userId", is_anonymous AS "isAnonymous"',
      [hash],
    )) as [{ userId: string; isAnonymous: boolean }[], number];
    return rows[0];
  }
}
