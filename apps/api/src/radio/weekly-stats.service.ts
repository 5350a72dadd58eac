import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { WeeklyTopRepository } from '../repositories/weekly-top.repository';
import type { WeeklyTopDto } from './radio.dto';
import { StationsService } from './stations.service';
import { ScheduledJobs } from '../core/metrics/scheduled-jobs';

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
    private readonly weeks: WeeklyTopRepository,
    private readonly stations: StationsService,
    private readonly scheduled: ScheduledJobs,
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
    await this.scheduled.run('weekly-stats', 60, () => this.weeks.recalculateUnlessRunningElsewhere());
  }

  /** Runs now (the function itself serializes concurrent runs). */
  async recalculate(): Promise<void> {
    this.running = this.weeks.recalculate();
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
    const week = await this.weeks.currentWeek();
    const [rows, cluster] = await Promise.all([this.weeks.top(week, WeeklyStatsService.topSize), this.stations.cluster()]);
    const stations = rows.map((row, i) => ({
      rank: i + 1,
      station: this.stations.toDto(row.station!, cluster),
      totalLikes: row.totalLikes,
      isFeatured: row.isFeatured,
    }));
    return {
      weekStart: week.weekStart,
      weekEnd: week.weekEnd,
      periodEndsAt: week.endsAt.toISOString(),
      stations,
      featured: stations.find((s) => s.isFeatured) ?? null,
    };
  }

  onModuleDestroy(): void {
    clearTimeout(this.pending);
  }
}
