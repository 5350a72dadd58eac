import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, LessThan } from 'typeorm';
import { CspReport } from './schema/csp-report.entity';

/** The Content-Security-Policy violations browsers reported. */
@Injectable()
export class CspReportRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  private get reports() {
    return this.manager.getRepository(CspReport);
  }

  async add(reports: Omit<CspReport, 'id'>[]): Promise<void> {
    if (reports.length) await this.reports.insert(reports);
  }

  /** The newest `limit`, newest first. */
  newest(limit: number): Promise<CspReport[]> {
    return this.reports.find({ order: { receivedAt: 'DESC' }, take: limit });
  }

  /** Forgets reports older than `keepDays`, and all but the newest `keepAtMost`. */
  async sweep(keepDays: number, keepAtMost: number, now: Date): Promise<void> {
    await this.reports.delete({ receivedAt: LessThan(new Date(now.getTime() - keepDays * 86_400_000)) });
    await this.manager.query(
      `DELETE FROM csp_reports WHERE received_at < (SELECT received_at FROM csp_reports ORDER BY received_at DESC OFFSET $1 LIMIT 1)`,
      [keepAtMost - 1],
    );
  }
}
