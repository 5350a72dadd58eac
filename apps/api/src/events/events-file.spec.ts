import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventsFileError, loadEvents, parseEvents } from './events-file';

const valid = {
  id: '6F1C2A4E-8B3D-4C5E-9A7B-1D2E3F4A5B6C',
  title: 'Test Fest',
  artist: 'Test Band',
  event_date: '2030-06-20T19:00:00+02:00',
  venue: 'Hala Testowa',
  location: 'Kraków',
  price: '149.99',
  ticket_url: 'https://tickets.example.test/fest?lang=pl',
  image_url: '/images/fest.jpg',
  description: 'Dane testowe',
  category: 'Festival',
};

function errorOf(raw: unknown): string {
  try {
    parseEvents(raw, 'EVENTS_FILE (x.json)');
  } catch (e) {
    expect(e).toBeInstanceOf(EventsFileError);
    return (e as Error).message;
  }
  throw new Error('expected an EventsFileError');
}

describe('parseEvents', () => {
  it('reads an entry, with a lower-case id and the date as an instant', () => {
    expect(parseEvents([valid], 'test')).toEqual([
      {
        id: '6f1c2a4e-8b3d-4c5e-9a7b-1d2e3f4a5b6c',
        title: 'Test Fest',
        artist: 'Test Band',
        eventDate: new Date('2030-06-20T17:00:00Z'),
        venue: 'Hala Testowa',
        location: 'Kraków',
        price: '149.99',
        ticketUrl: 'https://tickets.example.test/fest?lang=pl',
        imageUrl: '/images/fest.jpg',
        description: 'Dane testowe',
        category: 'Festival',
      },
    ]);
  });

  it('accepts an empty list and an http(s) image', () => {
    expect(parseEvents([], 'test')).toEqual([]);
    expect(parseEvents([{ ...valid, image_url: 'https://img.example.test/a.jpg', price: '0' }], 'test')[0]).toMatchObject({ imageUrl: 'https://img.example.test/a.jpg', price: '0' });
  });

  it.each([
    [{}, 'must be a JSON array of events'],
    [[valid, { ...valid }], 'entry 1 ("6F1C2A4E-8B3D-4C5E-9A7B-1D2E3F4A5B6C"): id is used by an earlier entry'],
    [[{ ...valid, id: 'fest-1' }], 'entry 0 ("fest-1"): id must be a UUID'],
    [[{ ...valid, title: ' ' }], 'title must be a non-empty string'],
    [[{ ...valid, event_date: '2030-06-20T19:00:00' }], 'event_date must be an ISO 8601 date-time with a time zone'],
    [[{ ...valid, event_date: '20 czerwca' }], 'event_date must be an ISO 8601 date-time with a time zone'],
    [[{ ...valid, price: 149 }], 'price must be a decimal number string in PLN'],
    [[{ ...valid, price: '149,99' }], 'price must be a decimal number string in PLN'],
    [[{ ...valid, ticket_url: 'ftp://tickets.example.test/x' }], 'ticket_url must be an http(s) URL'],
    [[{ ...valid, image_url: '//elsewhere.example.test/x.jpg' }], 'image_url must be an http(s) URL or a path starting with /'],
    [[{ ...valid, image_url: 'fest.jpg' }], 'image_url must be an http(s) URL or a path starting with /'],
    [[{ ...valid, category: 'Jam' }], 'category must be one of: Festival, Concert, Tribute'],
    [[valid, 'nope'], 'entry 1: must be an object'],
  ])('names the variable, the entry and the problem: %j', (raw, message) => {
    const text = errorOf(raw);
    expect(text.startsWith('EVENTS_FILE (x.json)')).toBe(true);
    expect(text).toContain(message);
    expect(text).not.toContain('\n');
  });

  it('lists every problem of an entry at once', () => {
    expect(errorOf([{ ...valid, venue: '', category: 'Jam' }])).toMatch(/venue must be .*; category must be/);
  });
});

describe('loadEvents', () => {
  it('has no events without a file', () => {
    expect(loadEvents(undefined)).toEqual([]);
  });

  it('names EVENTS_FILE when the file is not JSON', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'events-')), 'events.json');
    writeFileSync(file, '[{"id": ');
    expect(() => loadEvents(file)).toThrow(new RegExp(`^EVENTS_FILE \\(${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): cannot be read as JSON`));
  });
});
