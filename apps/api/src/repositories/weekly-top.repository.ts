import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { WeeklyTopStation } from './schema/weekly-top-station.entity';
import { AdvisoryLock } from './locks';

/** The current week in Warsaw: its first and last day, and the instant it ends. */
export interface RadioWeek {
  weekStart: string;
  weekEnd: string;
  endsAt: Date;
}

/** The weekly top, which calculate_weekly_radio_stats() (a SQL function) rewrites for the current week. */
@Injectable()
export class WeeklyTopRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Runs now; the function itself serializes concurrent runs. */
  async recalculate(): Promise<void> {
    await this.manager.query('SELECT calculate_weekly_radio_stats()');
  }

  /** Runs unless another process holds the schedule's lock (then that one is running it). */
  /** Whether it ran here (false: another process holds the schedule's lock and runs it). */
  async recalculateUnlessRunningElsewhere(): Promise<boolean> {
    return this.manager.transaction(async (tx) => {
      const [{ locked }] = (await tx.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [AdvisoryLock.weeklyStatsSchedule])) as { locked: boolean }[];
      if (locked) await tx.query('SELECT calculate_weekly_radio_stats()');
      return locked;
    });
  }

  async currentWeek(): Promise<RadioWeek> {
    const [week] = (await this.manager.query(
      `SELECT to_char(w.start, 'YYYY-MM-DD') AS "weekStart", to_char(w.start + 6, 'YYYY-MM-DD') AS "weekEnd",
              ((w.start + 7)::timestamp AT TIME ZONE 'Europe/Warsaw') AS "endsAt"
       FROM (SELECT date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw')::date AS start) w`,
    )) as RadioWeek[];
    return { ...week, endsAt: new Date(week.endsAt) };
  }

  /** The week's rows of active stations (with their station), most liked first, then in catalogue order. */
  top(week: RadioWeek, size: number): Promise<WeeklyTopStation[]> {
    return this.manager
      .getRepository(WeeklyTopStation)
      .createQueryBuilder('w')
      .innerJoinAndSelect('w.station', 's')
      .where('w.week_start >= :start AND w.week_end <= :end', { start: week.weekStart, end: week.weekEnd })
      .andWhere('s.active')
      .orderBy('w.total_likes', 'DESC')
      .addOrderBy('s.position', 'ASC')
      .limit(size)
      .getMany();
  }
}
