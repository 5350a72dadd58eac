import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { VisitDto, VisitorsDto } from './visitors.dto';

class SessionCountedConcurrently extends Error {}

/**
 * Counts each browser session once. The counter is one row: incrementing it locks it, so concurrent
 * visits get consecutive numbers, and exactly one of them is the 1000th.
 */
@Injectable()
export class VisitorsService {
  static readonly winnerNumber = 1000;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async register(sessionId: string): Promise<VisitDto> {
    try {
      return await this.count(sessionId);
    } catch (e) {
      // The same session counted by a concurrent request: its increment was rolled back; answer as known.
      if (e instanceof SessionCountedConcurrently) return this.count(sessionId);
      throw e;
    }
  }

  private count(sessionId: string): Promise<VisitDto> {
    return this.dataSource.transaction(async (manager) => {
      const [known] = (await manager.query('SELECT number FROM visitor_sessions WHERE session_id = $1', [sessionId])) as { number: number }[];
      if (!known) {
        // TypeORM answers an UPDATE with [rows, affected].
        const [[{ count }]] = (await manager.query('UPDATE visitor_counter SET count = count + 1, updated_at = now() WHERE id = 1 RETURNING count')) as [
          { count: number }[],
          number,
        ];
        const inserted = (await manager.query('INSERT INTO visitor_sessions (session_id, number) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING number', [
          sessionId,
          count,
        ])) as unknown[];
        if (!inserted.length) throw new SessionCountedConcurrently(); // rolls the increment back
        if (count === VisitorsService.winnerNumber) {
          await manager.query('UPDATE visitor_counter SET winner_session_id = $1, winner_at = now() WHERE id = 1 AND winner_session_id IS NULL', [sessionId]);
        }
      }
      const [row] = (await manager.query('SELECT count, winner_session_id, winner_at FROM visitor_counter WHERE id = 1')) as {
        count: number;
        winner_session_id: string | null;
        winner_at: Date | null;
      }[];
      return { count: row.count, winner: row.winner_session_id === sessionId, winnerAt: row.winner_at?.toISOString() ?? null };
    });
  }

  async current(): Promise<VisitorsDto> {
    const [row] = (await this.dataSource.query('SELECT count, winner_at FROM visitor_counter WHERE id = 1')) as { count: number; winner_at: Date | null }[];
    return { count: row.count, winnerAt: row.winner_at?.toISOString() ?? null };
  }
}
