import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

class SessionCountedConcurrently extends Error {}

export interface VisitorCount {
  count: number;
  winnerSessionId: string | null;
  winnerAt: Date | null;
}

/**
 * The visitor counter: one row, so incrementing it locks it and concurrent visits get consecutive numbers; and the
 * browser sessions already counted, each with its number.
 */
@Injectable()
export class VisitorRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Counts the session unless it is known, recording it as the winner when it gets `winnerNumber`; the counter after. */
  async register(sessionId: string, winnerNumber: number): Promise<VisitorCount> {
    try {
      return await this.countOnce(sessionId, winnerNumber);
    } catch (e) {
      // The same session counted by a concurrent request: this increment was rolled back; answer as known.
      if (e instanceof SessionCountedConcurrently) return this.countOnce(sessionId, winnerNumber);
      throw e;
    }
  }

  async current(): Promise<VisitorCount> {
    return this.read(this.manager);
  }

  private countOnce(sessionId: string, winnerNumber: number): Promise<VisitorCount> {
    return this.manager.transaction(async (tx) => {
      const [known] = (await tx.query('SELECT number FROM visitor_sessions WHERE session_id = $1', [sessionId])) as { number: number }[];
      if (!known) {
        // TypeORM answers an UPDATE with [rows, affected].
        const [[{ count }]] = (await tx.query('UPDATE visitor_counter SET count = count + 1, updated_at = now() WHERE id = 1 RETURNING count')) as [
          { count: number }[],
          number,
        ];
        const inserted = (await tx.query('INSERT INTO visitor_sessions (session_id, number) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING number', [
          sessionId,
          count,
        ])) as unknown[];
        if (!inserted.length) throw new SessionCountedConcurrently(); // rolls the increment back
        if (count === winnerNumber) {
          await tx.query('UPDATE visitor_counter SET winner_session_id = $1, winner_at = now() WHERE id = 1 AND winner_session_id IS NULL', [sessionId]);
        }
      }
      return this.read(tx);
    });
  }

  private async read(manager: EntityManager): Promise<VisitorCount> {
    const [row] = (await manager.query('SELECT count, winner_session_id, winner_at FROM visitor_counter WHERE id = 1')) as {
      count: number;
      winner_session_id: string | null;
      winner_at: Date | null;
    }[];
    return { count: row.count, winnerSessionId: row.winner_session_id, winnerAt: row.winner_at };
  }
}
