import { Injectable } from '@nestjs/common';
import { VisitorRepository } from '../repositories/visitor.repository';
import type { VisitDto, VisitorsDto } from './visitors.dto';

/** Counts each browser session once; the session that is counted 1000th is the winner, and there is exactly one. */
@Injectable()
export class VisitorsService {
  static readonly winnerNumber = 1000;

  constructor(private readonly visitors: VisitorRepository) {}

  async register(sessionId: string): Promise<VisitDto> {
    const counter = await this.visitors.register(sessionId, VisitorsService.winnerNumber);
    return { count: counter.count, winner: counter.winnerSessionId === sessionId, winnerAt: counter.winnerAt?.toISOString() ?? null };
  }

  async current(): Promise<VisitorsDto> {
    const counter = await this.visitors.current();
    return { count: counter.count, winnerAt: counter.winnerAt?.toISOString() ?? null };
  }
}
