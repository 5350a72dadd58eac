import { Injectable, NotFoundException } from '@nestjs/common';
import { EventRepository } from '../repositories/event.repository';
import { toEventDto } from './event-mapper';
import type { AffiliateClickCreatedDto, CreateAffiliateClickDto, EventDto } from './events.dto';

@Injectable()
export class EventsService {
  constructor(private readonly events: EventRepository) {}

  /** The listed events still to come, soonest first. */
  async upcoming(now = new Date()): Promise<EventDto[]> {
    return (await this.events.listedFrom(now)).map(toEventDto);
  }

  /**
   * Records a ticket-link click. Any known event counts, listed or not: a page opened before the file changed
   * still leads to a real sale.
   */
  async recordClick(eventId: string, click: CreateAffiliateClickDto, userId: string | undefined): Promise<AffiliateClickCreatedDto> {
    if (!(await this.events.exists(eventId))) throw new NotFoundException(`No event "${eventId}"`);
    const id = await this.events.addClick({
      eventId,
      ticketUrl: click.ticket_url,
      referrer: click.referrer,
      clickTimestamp: new Date(click.click_timestamp),
      userId: userId ?? null,
    });
    return { id };
  }
}
