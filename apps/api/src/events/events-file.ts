import { isHttpUrl, parseEntries, readJsonFile } from '../repositories/operator-file';

export const EVENT_CATEGORIES = ['Festival', 'Concert', 'Tribute'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** An event as EVENTS_FILE defines it, checked. */
export interface EventDefinition {
  id: string;
  title: string;
  artist: string;
  eventDate: Date;
  venue: string;
  location: string;
  /** PLN, a decimal string ("149.99"), kept exact. */
  price: string;
  ticketUrl: string;
  imageUrl: string;
  description: string;
  category: EventCategory;
}

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

function text(entry: Record<string, unknown>, key: string, max: number, problems: string[]): string {
  const value = entry[key];
  if (typeof value !== 'string' || !value.trim() || value.length > max) {
    problems.push(`${key} must be a non-empty string of at most ${max} characters`);
    return '';
  }
  return value.trim();
}

/** Checks every entry; throws an EventsFileError naming the first bad one (its index and id) and what is wrong. */
export function parseEvents(raw: unknown, source: string): EventDefinition[] {
  return parseEntries(raw, {
    source,
    fail,
    what: 'events',
    nonEmpty: false,
    // Lower case: the same UUID written in either case is the same event.
    idOf: (entry) => (typeof entry.id === 'string' && UUID.test(entry.id) ? entry.id.toLowerCase() : null),
    idRule: 'id must be a UUID',
    fields: eventFields,
  });
}

/** An event's fields other than its id; each problem found is pushed onto `problems`. */
function eventFields(entry: Record<string, unknown>, problems: string[]): Omit<EventDefinition, 'id'> {
  const title = text(entry, 'title', 200, problems);
  const artist = text(entry, 'artist', 200, problems);
  const eventDate = typeof entry.event_date === 'string' && DATE_TIME.test(entry.event_date) ? new Date(entry.event_date) : null;
  if (!eventDate || Number.isNaN(eventDate.getTime())) {
    problems.push('event_date must be an ISO 8601 date-time with a time zone, e.g. "2027-06-19T19:00:00+02:00"');
  }
  const venue = text(entry, 'venue', 200, problems);
  const location = text(entry, 'location', 200, problems);
  if (typeof entry.price !== 'string' || !PRICE.test(entry.price)) problems.push('price must be a decimal number string in PLN, e.g. "149.99"');
  if (!isHttpUrl(entry.ticket_url, MAX_URL_LENGTH)) problems.push(`ticket_url must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`);
  if (!isHttpUrl(entry.image_url, MAX_URL_LENGTH) && !rootRelativePath(entry.image_url)) {
    problems.push(`image_url must be an http(s) URL or a path starting with / (at most ${MAX_URL_LENGTH} characters)`);
  }
  const description = text(entry, 'description', 4000, problems);
  if (!(EVENT_CATEGORIES as readonly unknown[]).includes(entry.category)) problems.push(`category must be one of: ${EVENT_CATEGORIES.join(', ')}`);
  return {
    title,
    artist,
    eventDate: eventDate as Date,
    venue,
    location,
    price: entry.price as string,
    ticketUrl: entry.ticket_url as string,
    imageUrl: entry.image_url as string,
    description,
    category: entry.category as EventCategory,
  };
}

/** The events of EVENTS_FILE; none when it is not set (the product ships no events of its own). */
export function loadEvents(eventsFile?: string): EventDefinition[] {
  if (!eventsFile) return [];
  const source = `EVENTS_FILE (${eventsFile})`;
  return parseEvents(readJsonFile(eventsFile, source, fail), source);
}
