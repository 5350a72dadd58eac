import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { MusicEvent } from './event.entity';
import { loadEvents } from './events-file';

/**
 * At boot: EVENTS_FILE is validated and upserted, a bad one stops the boot. Events no longer in it (or all of them,
 * with no file) stay in the table for their click history but are no longer listed.
 */
@Injectable()
export class EventsSyncService implements OnModuleInit {
  private readonly logger = new Logger('Events');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    const events = loadEvents(this.config.eventsFile);
    await this.dataSource.transaction(async (manager) => {
      if (events.length) {
        await manager.getRepository(MusicEvent).upsert(
          events.map((e) => ({ ...e, listed: true })),
          ['id'],
        );
      }
      const unlist = manager.createQueryBuilder().update(MusicEvent).set({ listed: false }).where('listed');
      if (events.length) unlist.andWhere('id NOT IN (:...ids)', { ids: events.map((e) => e.id) });
      await unlist.execute();
    });
    this.logger.log(this.config.eventsFile ? `${events.length} events in EVENTS_FILE` : 'No EVENTS_FILE: no events are listed');
  }
}
