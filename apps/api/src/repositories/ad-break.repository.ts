import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

/** A listener's ad clock as stored (ad_listeners). */
export interface AdClockRow {
  id: string;
  userId: string | null;
  listenedSeconds: number;
  reportedAt: Date | null;
  breakId: string | null;
  breakSpot: string | null;
  breakSeconds: number | null;
  breakStartedAt: Date | null;
  breaksHeard: number;
}

/** What a report or a break changes; the rest stays. */
export type AdClockChange = Partial<Omit<AdClockRow, 'id' | 'userId'>>;

const ROW = `id, user_id AS "userId", listened_seconds AS "listenedSeconds", reported_at AS "reportedAt", break_id AS "breakId",
  break_spot AS "breakSpot", break_seconds AS "breakSeconds", break_started_at AS "breakStartedAt", breaks_heard AS "breaksHeard"`;

const COLUMNS: Record<keyof AdClockChange, string> = {
  listenedSeconds: 'listened_seconds',
  reportedAt: 'reported_at',
  breakId: 'break_id',
  breakSpot: 'break_spot',
  breakSeconds: 'break_seconds',
  breakStartedAt: 'break_started_at',
  breaksHeard: 'breaks_heard',
};

/** ad_listeners: each listener's listening since the last ad break, and the break handed out (docs/architecture.md, "Ads"). */
@Injectable()
export class AdBreakRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async find(id: string): Promise<AdClockRow | undefined> {
    const rows: AdClockRow[] = await this.manager.query(`SELECT ${ROW} FROM ad_listeners WHERE id = $1`, [id]);
    return rows[0];
  }

  /** The account's clock, made on its first report (one per account: concurrent first reports share it). */
  async ofUser(userId: string): Promise<AdClockRow> {
    await this.manager.query(`INSERT INTO ad_listeners (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    const rows: AdClockRow[] = await this.manager.query(`SELECT ${ROW} FROM ad_listeners WHERE user_id = $1`, [userId]);
    return rows[0];
  }

  /** A new clock for a signed-out listener; its id goes into their cookie. */
  async createAnonymous(): Promise<AdClockRow> {
    const rows: AdClockRow[] = await this.manager.query(`INSERT INTO ad_listeners DEFAULT VALUES RETURNING ${ROW}`);
    return rows[0];
  }

  /**
   * Writes `change` if the clock is still as it was read (its last report and break unchanged), so two tabs reporting
   * at once count the time once: the loser gets undefined and reads again.
   */
  async update(before: AdClockRow, change: AdClockChange): Promise<AdClockRow | undefined> {
    const entries = Object.entries(change) as [keyof AdClockChange, unknown][];
    const sets = entries.map(([key], i) => `${COLUMNS[key]} = $${i + 4}`);
    // An UPDATE answers [rows, count].
    const [rows]: [AdClockRow[], number] = await this.manager.query(
      `UPDATE ad_listeners SET ${[...sets, 'updated_at = now()'].join(', ')}
       WHERE id = $1 AND reported_at IS NOT DISTINCT FROM $2 AND break_id IS NOT DISTINCT FROM $3 RETURNING ${ROW}`,
      [before.id, before.reportedAt, before.breakId, ...entries.map(([, value]) => value)],
    );
    return rows[0];
  }

  /**
   * Counts the listening the relay measured, one statement for all of a process's listeners: each span counts from its
   * start or the clock's last count, whichever is later, to its end, so a listener on several connections (two tabs, two
   * processes) and the player's own reports count each second once; nothing counts while a break is handed out. Answers
   * the clocks as they are after it.
   */
  async meter(spans: readonly { id: string; since: Date; until: Date }[]): Promise<AdClockRow[]> {
    if (!spans.length) return [];
    const [rows]: [AdClockRow[], number] = await this.manager.query(
      `UPDATE ad_listeners a SET
         listened_seconds = a.listened_seconds + CASE WHEN a.break_id IS NULL
           THEN GREATEST(0, EXTRACT(EPOCH FROM m.span_to - GREATEST(m.span_from, COALESCE(a.reported_at, m.span_from)))) ELSE 0 END,
         reported_at = GREATEST(a.reported_at, m.span_to), updated_at = now()
       FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS m(listener, span_from, span_to)
       WHERE a.id = m.listener RETURNING ${ROW}`,
      [spans.map((s) => s.id), spans.map((s) => s.since), spans.map((s) => s.until)],
    );
    return rows;
  }

  /** Forgets signed-out listeners not heard from since `before` (their cookie has expired by then). */
  async sweepAnonymous(before: Date): Promise<number> {
    const [, count]: [unknown, number] = await this.manager.query(`DELETE FROM ad_listeners WHERE user_id IS NULL AND updated_at < $1`, [before]);
    return count;
  }
}
