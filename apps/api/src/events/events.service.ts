import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { AffiliateClick } from './affiliate-click.entity';
import { MusicEvent } from './event.entity';
import { toEventDto } from './event-mapper';
import type { AffiliateClickCreatedDto, CreateAffiliateClickDto, EventDto } from './events.dto';

@Injectable()
export class EventsService {
  constructor(
    @InjectRepository(MusicEvent) private readonly events: Repository<MusicEvent>,
    @InjectRepository(AffiliateClick) private readonly clicks: Repository<AffiliateClick>,
  ) {}

  /** The listed events still to come, soonest first. */
  async upcoming(now = new Date()): Promise<EventDto[]> {
    const found = await this.events.find({
      where: { listed: true, eventDate: MoreThanOrEqual(now) },
      order: { eventDate: 'ASC', title: 'ASC' },
    });
    return found.map(toEventDto);
  }

  /**
   * Records a ticket-link click. Any known event counts, listed or not: a page opened before the file changed
   * still leads to a real sale.
   */
  async recordClick(eventId: string, click: CreateAffiliateClickDto, userId: string | undefined): Promise<AffiliateClickCreatedDto> {
    if (!(await this.events.existsBy({ id: eventId }))) throw new NotFoundException(`No event "${eventId}"`);
    const saved = await this.clicks.save(
      this.clicks.create({
        eventId,
        ticketUrl: click.ticket_url,
        referrer: click.referrer,
        clickTimestamp: new Date(click.click_timestamp),
        userId: userId ?? null,
      }),
    );
    return { id: saved.id };
  }
}
