import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventsController } from '../src/events/events.controller';
import { startTestApp, useApiUnderTest } from './support/app';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Test events (not real ones), listed in the file out of date order. */
function event(title: string, offset: number, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    title,
    artist: `${title} Band`,
    event_date: at(offset),
    venue: 'Hala Testowa',
    location: 'Testowo',
    price: '99.5',
    ticket_url: `https://tickets.example.test/${title.toLowerCase().replace(/\s/g, '-')}?lang=pl`,
    image_url: '/favicon.svg',
    description: `Wydarzenie testowe ${title}`,
    category: 'Concert',
    ...extra,
  };
}

const later = event('Later Fest', 30 * day, { category: 'Festival', price: '249', image_url: 'https://img.example.test/later.jpg' });
const soon = event('Soon Gig', 2 * day);
const past = event('Past Gig', -2 * hour);
const tribute = event('Tribute Night', 10 * day, { category: 'Tribute', price: '0' });
const events = [later, soon, past, tribute];

function eventsFile(entries: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'events-')), 'events.json');
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

describe('events and affiliate clicks', () => {
  const api = useApiUnderTest(() => ({ EVENTS_FILE: eventsFile(events) }));
  let ip = 0;

  // The answers are checked field by field below; their exact types are the API's (see events.dto.ts).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
  type Json = any;
  const list = async () => {
    const res = await fetch(`${api.base}/events`);
    return { status: res.status, body: (await res.json()) as Json };
  };
  // Each click from its own address, so the per-address limit stays out of the way (except where it is tested).
  const click = async (id: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.base}/events/${id}/affiliate-click`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.1.${++ip}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const validClick = (id: string) => ({
    ticket_url: `https://tickets.example.test/soon-gig?lang=pl&ref=grouarock&event=${id}`,
    referrer: 'http://localhost:3000/events',
    click_timestamp: new Date().toISOString(),
  });

  describe('listing', () => {
    it('lists the upcoming events soonest first, past ones hidden, with the fields of the data model', async () => {
      const { status, body } = await list();
      expect(status).toBe(200);
      expect(body.map((e: { title: string }) => e.title)).toEqual(['Soon Gig', 'Tribute Night', 'Later Fest']);
      expect(body[0]).toEqual({
        id: soon.id,
        title: 'Soon Gig',
        artist: 'Soon Gig Band',
        event_date: soon.event_date,
        venue: 'Hala Testowa',
        location: 'Testowo',
        price: '99.50',
        ticket_url: soon.ticket_url,
        image_url: '/favicon.svg',
        description: 'Wydarzenie testowe Soon Gig',
        category: 'Concert',
      });
      expect(body[1]).toMatchObject({ category: 'Tribute', price: '0.00' });
      expect(body[2]).toMatchObject({ category: 'Festival', price: '249.00', image_url: 'https://img.example.test/later.jpg' });
    });

    it('is documented for the client', async () => {
      const doc = (await (await fetch(`${await api.app.getUrl()}/api/docs-json`)).json()) as Json;
      expect(doc.paths['/api/v1/events'].get.operationId).toBe('listEvents');
      expect(doc.paths['/api/v1/events/{id}/affiliate-click'].post.operationId).toBe('recordAffiliateClick');
      expect(Object.keys(doc.components.schemas.EventDto.properties).sort()).toEqual(
        ['artist', 'category', 'description', 'event_date', 'id', 'image_url', 'location', 'price', 'ticket_url', 'title', 'venue'],
      );
    });
  });

  describe('affiliate clicks', () => {
    it('stores a click with every field, without a user when none is signed in', async () => {
      const sent = validClick(soon.id);
      const res = await click(soon.id, sent);
      expect(res).toEqual({ status: 201, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
      const rows = await api.db.query<Json>('SELECT * FROM affiliate_clicks WHERE id = $1', [res.body.id]);
      expect(rows).toEqual([
        {
          id: res.body.id,
          event_id: soon.id,
          ticket_url: sent.ticket_url,
          referrer: sent.referrer,
          click_timestamp: new Date(sent.click_timestamp),
          user_id: null,
          created_at: expect.any(Date),
        },
      ]);
    });

    it('records the user of a valid access token, and accepts an empty referrer', async () => {
      const session = await fetch(`${api.base}/auth/anonymous`, { method: 'POST', headers: { 'x-forwarded-for': `198.18.2.${++ip}` } });
      const { access_token, user } = (await session.json()) as { access_token: string; user: { id: string } };
      const res = await click(tribute.id, { ...validClick(tribute.id), referrer: '' }, { authorization: `Bearer ${access_token}` });
      expect(res.status).toBe(201);
      const [row] = await api.db.query<Json>('SELECT event_id, referrer, user_id FROM affiliate_clicks WHERE id = $1', [res.body.id]);
      expect(row).toEqual({ event_id: tribute.id, referrer: '', user_id: user.id });
    });

    it('refuses a token that is not valid rather than guessing who clicked', async () => {
      const res = await click(soon.id, validClick(soon.id), { authorization: 'Bearer not-a-token' });
      expect(res.status).toBe(401);
    });

    it.each([
      ['a ticket_url that is not http(s)', { ticket_url: 'javascript:alert(1)' }, ['ticket_url']],
      ['a ticket_url over 2048 characters', { ticket_url: `https://tickets.example.test/${'a'.repeat(2048)}` }, ['ticket_url']],
      ['a missing referrer', { referrer: undefined }, ['referrer']],
      ['a referrer over 2048 characters', { referrer: `https://x.example.test/${'r'.repeat(2048)}` }, ['referrer']],
      ['a click_timestamp that is not ISO 8601', { click_timestamp: 'wczoraj' }, ['click_timestamp']],
      ['a click_timestamp two days ago', { click_timestamp: at(-2 * day) }, ['click_timestamp']],
      ['a click_timestamp two days ahead', { click_timestamp: at(2 * day) }, ['click_timestamp']],
      ['an unknown field', { event_id: 'x' }, ['event_id']],
    ])('answers %s with a 400 naming the field', async (_name, change, fields) => {
      const res = await click(soon.id, { ...validClick(soon.id), ...change });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', fields });
      expect(res.body.message.join(' ')).toContain(fields[0]);
    });

    it('accepts a browser clock a little off', async () => {
      expect((await click(soon.id, { ...validClick(soon.id), click_timestamp: at(-20 * hour) })).status).toBe(201);
    });

    it('answers a malformed event id with a 400 and an unknown one with a JSON 404', async () => {
      const malformed = await click('not-an-id', validClick(soon.id));
      expect(malformed).toMatchObject({ status: 400, body: { fields: ['id'] } });
      const unknown = randomUUID();
      const res = await click(unknown, validClick(unknown));
      expect(res).toEqual({ status: 404, body: { statusCode: 404, error: 'Not Found', message: `No event "${unknown}"` } });
      expect(await api.db.query('SELECT id FROM affiliate_clicks WHERE event_id = $1', [unknown])).toEqual([]);
    });

    it('limits clicks per address with 429 and Retry-After', async () => {
      const address = { 'x-forwarded-for': '203.0.113.77' };
      for (let i = 0; i < EventsController.clicksPerMinute; i++) {
        expect((await click(soon.id, validClick(soon.id), address)).status).toBe(201);
      }
      const res = await fetch(`${api.base}/events/${soon.id}/affiliate-click`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...address },
        body: JSON.stringify(validClick(soon.id)),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await click(soon.id, validClick(soon.id))).status).toBe(201);
    });
  });

  describe('EVENTS_FILE at boot', () => {
    it('a bad EVENTS_FILE stops the boot with a message naming the variable, the entry and the problem', async () => {
      const bad = eventsFile([soon, { ...event('Broken', day), id: 'broken', price: 'dużo' }]);
      await expect(startTestApp(api.db.url, { EVENTS_FILE: bad })).rejects.toThrow(
        /^EVENTS_FILE \(.*events\.json\): entry 1 \("broken"\): id must be a UUID; price must be a decimal number string in PLN/,
      );
    });

    it('an event dropped from the file is no longer listed, and keeps its clicks', async () => {
      const second = await startTestApp(api.db.url, { EVENTS_FILE: eventsFile([later, past, tribute]) });
      try {
        expect((await list()).body.map((e: { title: string }) => e.title)).toEqual(['Tribute Night', 'Later Fest']);
        const [row] = await api.db.query<{ listed: boolean; clicks: string }>(
          'SELECT e.listed, (SELECT count(*) FROM affiliate_clicks c WHERE c.event_id = e.id) AS clicks FROM events e WHERE e.id = $1',
          [soon.id],
        );
        expect(row.listed).toBe(false);
        expect(Number(row.clicks)).toBeGreaterThan(0);
        // A page opened before the change still records its click.
        expect((await click(soon.id, validClick(soon.id))).status).toBe(201);
      } finally {
        await second.close();
      }
    });

    it('without EVENTS_FILE nothing is listed, and the rows stay', async () => {
      const third = await startTestApp(api.db.url);
      try {
        expect(await list()).toEqual({ status: 200, body: [] });
        expect(await api.db.query('SELECT count(*)::int AS n FROM events WHERE listed')).toEqual([{ n: 0 }]);
        expect(await api.db.query('SELECT count(*)::int AS n FROM events')).toEqual([{ n: 4 }]);
      } finally {
        await third.close();
      }
    });
  });
});
