/**
 * The e2e server's access-token lifetime in seconds (the server accepts 5 and up; production defaults to 900).
 * Short, so auth.spec.ts can get past an expiry in real time.
 */
export const e2eAccessTokenTtlSeconds = 10;

/** The e2e server's WebRTC engine port, UDP and (ICE over TCP) TCP, on loopback: not 8189, which a machine may use. */
export const e2eWebRtcPort = Number(process.env.E2E_WEBRTC_PORT ?? 4312);

/**
 * The e2e catalogue (STATIONS_FILE): each station streams a sine tone of its own from a mount of the local
 * Icecast2 (E2E_ICECAST_URL), so a test can tell the stations apart by ear (frequency) and set titles
 * through Icecast's admin API (support/icecast-control.ts).
 */
export const e2eStations = [
  { id: 'e2e-rock', name: 'E2E Rock', country: 'pl', genres: ['rock'], featured: true, mount: '/e2e-rock.mp3', frequency: 440, description: 'Testowa stacja rockowa' },
  { id: 'e2e-punk', name: 'E2E Punk', country: 'gb', genres: ['punk'], featured: false, mount: '/e2e-punk.mp3', frequency: 660, description: 'Testowa stacja punkowa' },
  { id: 'e2e-jazz', name: 'E2E Jazz', country: 'fr', genres: ['jazz'], featured: false, mount: '/e2e-jazz.mp3', frequency: 330, program: { program: 'Jazz nocą' } },
  // For the assistant's "metal from Germany" (assistant.spec.ts).
  { id: 'e2e-metal', name: 'E2E Metal', country: 'de', genres: ['metal'], featured: false, mount: '/e2e-metal.mp3', frequency: 550, description: 'Testowa stacja metalowa' },
  // A premium station with a 320 kbit/s stream beside its 128 kbit/s one, for paid plans, and a lossless one (FLAC in
  // Ogg) for Ultra (station-plans.spec.ts).
  {
    id: 'e2e-premium', name: 'E2E Premium', country: 'us', genres: ['blues'], featured: false, mount: '/e2e-premium.mp3', frequency: 880, plan: 'premium', codec: 'mp3', bitrate: 128,
    hq: { mount: '/e2e-premium-hq.mp3', frequency: 990, bitrate: 320 },
    lossless: { mount: '/e2e-premium-flac', frequency: 1100, artist: 'E2E Lossless Band', title: 'E2E Lossless Song' },
  },
] as const;

/**
 * The e2e events (EVENTS_FILE): test data, not real events. Listed soonest first, so the page shows them in this
 * order. The second one's image is a path the server does not have, so its card must fall back to the app's own
 * picture; the others use the app's favicon. Ticket links point at tickets.example.test, which events.spec.ts
 * answers itself (nothing goes to the internet).
 */
export const e2eEvents = [
  { id: '0e2e0000-0000-4000-8000-000000000001', title: 'E2E Fest', category: 'Festival', daysAhead: 3, price: '149.99', image_url: '/favicon.svg' },
  { id: '0e2e0000-0000-4000-8000-000000000002', title: 'E2E Broken Image', category: 'Concert', daysAhead: 5, price: '59.00', image_url: '/missing-event-image.jpg' },
  { id: '0e2e0000-0000-4000-8000-000000000003', title: 'E2E Tribute', category: 'Tribute', daysAhead: 8, price: '0', image_url: '/favicon.svg' },
  { id: '0e2e0000-0000-4000-8000-000000000004', title: 'E2E Concert', category: 'Concert', daysAhead: 13, price: '89.50', image_url: '/favicon.svg' },
  { id: '0e2e0000-0000-4000-8000-000000000005', title: 'E2E Open Air', category: 'Festival', daysAhead: 21, price: '249.00', image_url: '/favicon.svg' },
  { id: '0e2e0000-0000-4000-8000-000000000006', title: 'E2E Night', category: 'Concert', daysAhead: 34, price: '39.00', image_url: '/favicon.svg' },
] as const;

/** The ticket seller's address of an e2e event (with a parameter of its own, which must survive ours). */
export function e2eTicketUrl(id: string): string {
  return `https://tickets.example.test/e2e/${id}?lang=pl`;
}

/** The EVENTS_FILE content: the events above, dated from `now`. */
export function e2eEventsFile(now = Date.now()): unknown[] {
  return e2eEvents.map(({ daysAhead, ...event }) => ({
    ...event,
    artist: `${event.title} Band`,
    event_date: new Date(now + daysAhead * 24 * 60 * 60 * 1000).toISOString(),
    venue: 'Hala Testowa E2E',
    location: 'Testowo',
    ticket_url: e2eTicketUrl(event.id),
    description: 'Wydarzenie testowe do testów end-to-end, nie prawdziwe.',
  }));
}
