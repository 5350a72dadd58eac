import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { WeeklyTopDto } from './radio.dto';
import { StationsService } from './stations.service';
import { WeeklyTopStation } from './weekly-top-station.entity';

/** Key of the advisory lock that lets one process at a time recalculate (any 64-bit number of our own). */
const LOCK_KEY = 7_264_011;

/**
 * The weekly top: calculate_weekly_radio_stats() (a SQL function) rewrites the current week's rows. It runs
 * a moment after like changes (many clicks, one run) and every minute; the minute run takes a Postgres
 * advisory lock, so among several API processes only one does it.
 */
@Injectable()
export class WeeklyStatsService implements OnModuleDestroy {
  static readonly coalesceMs = 1000;
  static readonly topSize = 10;

  private readonly logger = new Logger('WeeklyStats');
  private pending?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(WeeklyTopStation) private readonly rows: Repository<WeeklyTopStation>,
    private readonly stations: StationsService,
  ) {}

  /** After a like changes: one recalculation for everything that changed within `coalesceMs`. */
  schedule(): void {
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      void this.recalculate().catch((e: Error) => this.logger.warn(`Recalculation failed: ${e.message}`));
    }, WeeklyStatsService.coalesceMs);
  }

  @Cron(CronExpression.EVERY_MINUTE)
  async everyMinute(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [LOCK_KEY])) as { locked: boolean }[];
      if (locked) await manager.query('SELECT calculate_weekly_radio_stats()');
    }).catch((e: Error) => this.logger.warn(`Scheduled recalculation failed: ${e.message}`));
  }

  /** Runs now (the function itself serializes concurrent runs). */
  async recalculate(): Promise<void> {
    this.running = this.dataSource.query('SELECT calculate_weekly_radio_stats()').then(() => undefined);
    await this.running;
  }

  /** Waits for a scheduled recalculation to finish (tests, shutdown). */
  async settle(): Promise<void> {
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = undefined;
      await this.recalculate();
    }
    await this.running;
  }

  async top(): Promise<WeeklyTopDto> {
    const [week] = (await this.dataSource.query(
      `SELECT to_char(w.start, 'YYYY-MM-DD') AS "weekStart", to_char(w.start + 6, 'YYYY-MM-DD') AS "weekEnd",
              ((w.start + 7)::timestamp AT TIME ZONE 'Europe/Warsaw') AS "endsAt"
       FROM (SELECT date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw')::date AS start) w`,
    )) as { weekStart: string; weekEnd: string; endsAt: Date }[];
    const rows = await this.rows
      .createQueryBuilder('w')
      .innerJoinAndSelect('w.station', 's')
      .where('w.week_start >= :start AND w.week_end <= :end', { start: week.weekStart, end: week.weekEnd })
      .andWhere('s.active')
      .orderBy('w.total_likes', 'DESC')
      .addOrderBy('s.position', 'ASC')
      .limit(WeeklyStatsService.topSize)
      .getMany();
    const stations = rows.map((row, i) => ({
      rank: i + 1,
      station: this.stations.toDto(row.station!),
      totalLikes: row.totalLikes,
      isFeatured: row.isFeatured,
    }));
    return {
      weekStart: week.weekStart,
      weekEnd: week.weekEnd,
      periodEndsAt: new Date(week.endsAt).toISOString(),
      stations,
      featured: stations.find((s) => s.isFeatured) ?? null,
    };
  }

  onModuleDestroy(): void {
    clearTimeout(this.pending);
  }
}
