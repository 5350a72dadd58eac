import type { EventDto } from './events.dto';
import type { MusicEvent } from '../repositories/schema/event.entity';

/** An event for clients. */
export function toEventDto(event: MusicEvent): EventDto {
  return {
    id: event.id,
    title: event.title,
    artist: event.artist,
    event_date: event.eventDate.toISOString(),
    venue: event.venue,
    location: event.location,
    price: event.price,
    ticket_url: event.ticketUrl,
    image_url: event.imageUrl,
    description: event.description,
    category: event.category,
  };
}
