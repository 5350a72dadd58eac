import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { EventRepository } from '../repositories/event.repository';
import { loadEvents } from './events-file';

/**
 * At boot: EVENTS_FILE is validated and its events become the listed ones; a bad file stops the boot. Events no longer
 * in it (or all of them, with no file) stay in the table for their click history but are no longer listed.
 */
@Injectable()
export class EventsSyncService implements OnModuleInit {
  private readonly logger = new Logger('Events');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const events = loadEvents(this.config.eventsFile);
    await this.events.syncFromFile(events);
    this.logger.log(this.config.eventsFile ? `${events.length} events in EVENTS_FILE` : 'No EVENTS_FILE: no events are listed');
  }
}
