import { IsIn, Matches, ValidateBy } from 'class-validator';
import { IsHttpUrl, IsNonBlankString, isHttpUrl, parseEntries, readJsonFile } from '../repositories/operator-file';
import { EVENT_CATEGORIES, type EventCategory, type EventDefinition } from '../repositories/schema/event.entity';

/** An events file that cannot be used; the message names the variable, the file, the entry and the problem. */
export class EventsFileError extends Error {
  override name = 'EventsFileError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A time zone is required: "20:00" alone would mean whatever the server's zone is.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const PRICE = /^\d{1,8}(\.\d{1,2})?$/;
export const MAX_URL_LENGTH = 2048;

const fail = (message: string): EventsFileError => new EventsFileError(message);

/** An image the web app itself serves ("/images/x.jpg"); "//host/x" would be another site. */
function rootRelativePath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_URL_LENGTH && /^\/(?!\/)\S*$/.test(value);
}

/** An event as an operator writes it in EVENTS_FILE. */
class EventEntry {
  @Matches(UUID, { message: 'id must be a UUID' })
  id!: string;

  @IsNonBlankString(200)
  title!: string;

  @IsNonBlankString(200)
  artist!: string;

  @ValidateBy(
    { name: 'isZonedDateTime', validator: { validate: (value) => typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(new Date(value).getTime()) } },
    { message: 'event_date must be an ISO 8601 date-time with a time zone, e.g. "2027-06-19T19:00:00+02:00"' },
  )
  event_date!: string;

  @IsNonBlankString(200)
  venue!: string;

  @IsNonBlankString(200)
  location!: string;

  @Matches(PRICE, { message: 'price must be a decimal number string in PLN, e.g. "149.99"' })
  price!: string;

  @IsHttpUrl({ maxLength: MAX_URL_LENGTH, message: `ticket_url must be an http(s) URL of at most ${MAX_URL_LENGTH} characters` })
  ticket_url!: string;

  @ValidateBy(
    { name: 'isImage', validator: { validate: (value) => isHttpUrl(value, MAX_URL_LENGTH) || rootRelativePath(value) } },
    { message: `image_url must be an http(s) URL or a path starting with / (at most ${MAX_URL_LENGTH} characters)` },
  )
  image_url!: string;

  @IsNonBlankString(4000)
  description!: string;

  @IsIn(EVENT_CATEGORIES, { message: `category must be one of: ${EVENT_CATEGORIES.join(', ')}` })
  category!: EventCategory;
}

/** Checks every entry; throws an EventsFileError naming the first bad one (its index and id) and what is wrong. */
export function parseEvents(raw: unknown, source: string): EventDefinition[] {
  return parseEntries(raw, {
    source,
    fail,
    what: 'events',
    nonEmpty: false,
    entry: EventEntry,
    // Lower case: the same UUID written in either case is the same event.
    normaliseId: (id) => id.toLowerCase(),
    keep: (entry) => ({
      title: entry.title.trim(),
      artist: entry.artist.trim(),
      eventDate: new Date(entry.event_date),
      venue: entry.venue.trim(),
      location: entry.location.trim(),
      price: entry.price,
      ticketUrl: entry.ticket_url,
      imageUrl: entry.image_url,
      description: entry.description.trim(),
      category: entry.category,
    }),
  });
}

/** The events of EVENTS_FILE; none when it is not set (the product ships no events of its own). */
export function loadEvents(eventsFile?: string): EventDefinition[] {
  if (!eventsFile) return [];
  const source = `EVENTS_FILE (${eventsFile})`;
  return parseEvents(readJsonFile(eventsFile, source, fail), source);
}
