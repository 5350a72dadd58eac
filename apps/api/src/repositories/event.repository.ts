import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { type EntityManager, MoreThanOrEqual } from 'typeorm';
import { AffiliateClick } from './schema/affiliate-click.entity';
import { MusicEvent } from './schema/event.entity';
import type { EventDefinition } from './schema/event.entity';
import { syncShownRows } from './file-sync';

/** Events (from EVENTS_FILE) and the ticket-link clicks recorded against them. */
@Injectable()
export class EventRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** The listed events from `now` on, soonest first. */
  listedFrom(now: Date): Promise<MusicEvent[]> {
    return this.manager.getRepository(MusicEvent).find({ where: { listed: true, eventDate: MoreThanOrEqual(now) }, order: { eventDate: 'ASC', title: 'ASC' } });
  }

  /** Any known event, listed or not. */
  exists(id: string): Promise<boolean> {
    return this.manager.getRepository(MusicEvent).existsBy({ id });
  }

  async addClick(click: Pick<AffiliateClick, 'eventId' | 'ticketUrl' | 'referrer' | 'clickTimestamp' | 'userId'>): Promise<string> {
    const clicks = this.manager.getRepository(AffiliateClick);
    return (await clicks.save(clicks.create(click))).id;
  }

  /** The file's events become the listed ones. */
  syncFromFile(events: EventDefinition[]): Promise<void> {
    return syncShownRows(this.manager, MusicEvent, 'listed', events);
  }
}
