import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EntitlementsService } from '../src/billing/entitlements.service';
import { PlanGrantsService } from '../src/billing/plan-grants.service';
import { BillingRepository } from '../src/repositories/billing.repository';
import { UserRepository } from '../src/repositories/user.repository';
import { useApiUnderTest } from './support/app';
import { IcecastServer } from './support/icecast';
import { membersOf } from './support/members';
import { until } from './support/waiting';
import { StreamTickets } from '../src/ads/stream-ticket';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser's listener cookie, kept between its requests as a browser keeps it (the API's own calls and the audio element's). */
class Listener {
  cookie = '';
  constructor(
    private readonly base: string,
    readonly token?: string,
  ) {}

  async request(method: string, url: string, body?: unknown): Promise<{ status: number; headers: Headers; body: Json }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('gr_listener=')) this.cookie = set.split(';')[0].endsWith('=') ? '' : set.split(';')[0];
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }

  report(listening: boolean) {
    return this.request('POST', '/ads/listening', { listening });
  }

  complete(id: string) {
    return this.request('POST', `/ads/breaks/${id}/complete`);
  }

  /**
   * Opens the station's stream as the audio element would (with the cookie; signed in, with the radio pass, which names
   * the account as the bearer token here does), and lets go after its head.
   */
  async stream(): Promise<{ status: number; type: string | null; body?: Json }> {
    const abort = new AbortController();
    const headers = { ...(this.cookie ? { cookie: this.cookie } : {}), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) };
    const res = await fetch(`${this.base}/radio/test-rock/stream`, { headers, signal: abort.signal });
    const type = res.headers.get('content-type');
    const body = type?.startsWith('application/json') ? ((await res.json()) as Json) : undefined;
    abort.abort();
    return { status: res.status, type, body };
  }
}

/** A client without cookies (VLC, curl) on a connection of its own: its status, the audio it got, and when the relay ended it. */
class PlainClient {
  status = 0;
  bytes = 0;
  ended = false;
  private readonly req;

  constructor(url: string) {
    this.req = httpRequest(url, { agent: false }, (res) => {
      this.status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => (this.bytes += chunk.length));
      res.on('close', () => (this.ended = true));
      res.on('error', () => undefined);
    });
    this.req.on('error', () => (this.ended = true));
    this.req.end();
  }

  close(): void {
    this.req.destroy();
  }
}

describe('ad breaks for Basic and signed-out listeners (ADS_EVERY_MINUTES 0.05: every 3 s)', () => {
  const icecast = new IcecastServer();
  let stations = '';
  beforeAll(async () => {
    await icecast.start();
    await icecast.startSource('/rock.mp3', 440);
    stations = path.join(mkdtempSync(path.join(tmpdir(), 'ads-stations-')), 'stations.json');
    writeFileSync(
      stations,
      JSON.stringify([
        { id: 'test-rock', name: 'Test Rock', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}/rock.mp3` },
        { id: 'test-punk', name: 'Test Punk', country: 'pl', genres: ['punk'], streamUrl: `${icecast.base}/rock.mp3` },
      ]),
    );
  }, 60_000);
  afterAll(() => icecast.stop());
  const api = useApiUnderTest(() => ({ ADS_EVERY_MINUTES: '0.05', ADS_STREAM_TICKETS: '1', STATIONS_FILE: stations, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ads-data-')) }));
  const { member, call } = membersOf(api, '198.18.28');
  const grant = async (email: string, plan: 'premium' | 'ultra') =>
    new PlanGrantsService(api.app.get(UserRepository), api.app.get(BillingRepository), api.app.get(EntitlementsService)).grant(email, plan, null);

  /** Plays for a little over the interval, in heartbeats, and returns the answer that handed out the break. */
  async function listenUntilBreak(listener: Listener): Promise<Json> {
    expect((await listener.report(false)).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      await sleep(1100);
      const { status, body } = await listener.report(true);
      expect(status).toBe(200);
      if (body.break) return body;
    }
    throw new Error('no break after 6.6 s of listening');
  }

  it('counts a signed-out listener on an HttpOnly cookie, and a reload (the same cookie) keeps the count', async () => {
    const listener = new Listener(api.base);
    const first = await listener.request('POST', '/ads/listening', { listening: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ads: true, everySeconds: 3, heartbeatSeconds: 15, listenedSeconds: 0, dueInSeconds: 3, break: null });
    expect(first.headers.get('set-cookie')).toMatch(/^gr_listener=[0-9a-f-]{36}; Max-Age=2592000; Path=\/api\/v1; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    await sleep(1200);
    const counted = (await listener.report(true)).body;
    expect(counted.listenedSeconds).toBeGreaterThanOrEqual(1.1);
    // The page reloads: its state is gone, the cookie is not.
    const reloaded = new Listener(api.base);
    reloaded.cookie = listener.cookie;
    const again = (await reloaded.report(false)).body;
    expect(again.listenedSeconds).toBe(counted.listenedSeconds);
    // Without the cookie it is someone new.
    expect((await new Listener(api.base).report(false)).body.listenedSeconds).toBe(0);
  });

  it('hands a signed-out listener a break after the interval, refuses an early completion and, once overdue, a stream', async () => {
    const listener = new Listener(api.base);
    const { break: adBreak } = await listenUntilBreak(listener);
    expect(adBreak).toEqual({ id: expect.any(String), spotUrl: '/api/v1/ads/spots/grouarock-premium.mp3', seconds: expect.any(Number), startedAt: expect.any(String), endsAt: expect.any(String) });
    expect(adBreak.seconds).toBeGreaterThanOrEqual(8);
    expect(adBreak.seconds).toBeLessThan(8.3);
    expect(Date.parse(adBreak.endsAt) - Date.parse(adBreak.startedAt)).toBe(Math.round(adBreak.seconds * 1000));

    // The built-in spot: our generator's MP3, whole or by range, never compressed.
    const spot = await fetch(`${api.base.replace('/api/v1', '')}${adBreak.spotUrl}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(spot.status).toBe(200);
    expect(spot.headers.get('content-type')).toBe('audio/mpeg');
    expect(spot.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await spot.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(50_000);
    expect(bytes[0] === 0x49 || bytes[0] === 0xff).toBe(true); // ID3 or an MPEG frame
    const part = await fetch(`${api.base}/ads/spots/grouarock-premium.mp3`, { headers: { range: 'bytes=0-99' } });
    expect([part.status, part.headers.get('content-range'), (await part.arrayBuffer()).byteLength]).toEqual([206, `bytes 0-99/${bytes.length}`, 100]);

    // A reload mid-break gets the same break; the station is not counted meanwhile.
    const during = (await listener.report(true)).body;
    expect(during.break.id).toBe(adBreak.id);
    expect(during.dueInSeconds).toBe(0);

    const early = await listener.complete(adBreak.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'ad_break_unfinished' });
    // Within the grace the relay still lets the player in (it stops the station itself).
    expect((await listener.stream()).status).toBe(200);

    await sleep(Date.parse(adBreak.startedAt) + 10_500 - Date.now());
    const refused = await listener.stream();
    expect(refused.status).toBe(403);
    expect(refused.type).toMatch(/^application\/json/);
    expect(refused.body).toMatchObject({ code: 'ad_break_due' });
    // A player that sends no listener cookie (another app) names no listener: it needs a stream ticket.
    expect((await new Listener(api.base).stream()).body).toMatchObject({ code: 'stream_ticket_required' });

    const done = await listener.complete(adBreak.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ads: true, listenedSeconds: 0, dueInSeconds: 3, break: null });
    const stream = await listener.stream();
    expect([stream.status, stream.type]).toEqual([200, 'audio/mpeg']);
    // Heard once: the same break cannot be completed again.
    expect((await listener.complete(adBreak.id)).body).toMatchObject({ code: 'ad_break_not_found' });
  }, 40_000);

  it('counts a Basic account per account, on every device, and gives it breaks', async () => {
    const who = await member();
    const phone = new Listener(api.base, who.token);
    expect((await phone.report(false)).body).toMatchObject({ ads: true, dueInSeconds: 3 });
    await sleep(1200);
    const counted = (await phone.report(true)).body.listenedSeconds;
    expect(counted).toBeGreaterThan(1);
    // Another browser of the same account: the same clock.
    expect((await new Listener(api.base, who.token).report(false)).body.listenedSeconds).toBe(counted);
    const { break: adBreak } = await listenUntilBreak(phone);
    expect(adBreak.spotUrl).toBe('/api/v1/ads/spots/grouarock-premium.mp3');
    expect((await api.db.query('SELECT count(*)::int AS n FROM ad_listeners WHERE user_id = $1', [who.id]))[0].n).toBe(1);
  }, 20_000);

  it('never gives Premium or Ultra a break, and lets them in even with a break left over from Basic', async () => {
    const premium = await member();
    const ultra = await member();
    const basicThenPremium = await member();
    await grant(premium.email, 'premium');
    await grant(ultra.email, 'ultra');

    const upgraded = new Listener(api.base, basicThenPremium.token);
    const { break: leftOver } = await listenUntilBreak(upgraded);
    await sleep(Date.parse(leftOver.startedAt) + 10_500 - Date.now());
    expect((await upgraded.stream()).status).toBe(403);
    await grant(basicThenPremium.email, 'premium');
    expect((await upgraded.stream()).status).toBe(200);

    // Each listens for longer than the interval, all at once.
    await Promise.all(
      [premium, ultra, basicThenPremium].map(async (who) => {
        const listener = new Listener(api.base, who.token);
        const entitlements = await fetch(`${api.base}/me/entitlements`, { headers: { authorization: `Bearer ${who.token}` } });
        expect(((await entitlements.json()) as Json).limits.ads).toBe(false);
        for (let i = 0; i < 4; i++) {
          const { status, body } = await listener.report(i > 0);
          expect(status).toBe(200);
          expect(body).toEqual({ ads: false, everySeconds: 3, heartbeatSeconds: 15, listenedSeconds: 0, dueInSeconds: 0, break: null });
          await sleep(1100);
        }
        expect((await listener.stream()).status).toBe(200);
      }),
    );
    // A paid account keeps no clock of its own.
    expect((await api.db.query('SELECT count(*)::int AS n FROM ad_listeners WHERE user_id = ANY($1)', [[premium.id, ultra.id]]))[0].n).toBe(0);
    // A paid account's browser with a signed-out listener's cookie has it cleared.
    const anonymous = new Listener(api.base);
    await anonymous.report(false);
    const signedIn = new Listener(api.base, premium.token);
    signedIn.cookie = anonymous.cookie;
    const cleared = await signedIn.report(false);
    expect(cleared.headers.get('set-cookie')).toMatch(/^gr_listener=; Path=\/api\/v1; Expires=Thu, 01 Jan 1970/);
  }, 40_000);

  /** A stream ticket as a client without cookies asks for one; `cookie` is the listener cookie the answer sets (for the ads calls). */
  async function ticketFor(stationId: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; cookie: string }> {
    const res = await fetch(`${api.base}/ads/tickets`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ stationId }) });
    return { status: res.status, body: await res.json(), cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
  }

  it('holds a client without cookies (VLC, curl) to the breaks: no stream without a ticket, its listening counted by the relay, cut when the break falls due, refused until it is heard', async () => {
    const bare = `${api.base}/radio/test-rock/stream`;
    const refused = await fetch(bare);
    // As JSON, and as readable across origins as the audio is.
    expect([refused.status, refused.headers.get('content-type'), refused.headers.get('access-control-allow-origin')]).toEqual([403, expect.stringMatching(/^application\/json/), '*']);
    expect(await refused.json()).toMatchObject({ code: 'stream_ticket_required' });
    expect((await fetch(bare, { method: 'HEAD' })).status).toBe(403);

    const issued = await ticketFor('test-rock');
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({ ticket: expect.any(String), expiresAt: expect.any(String), ads: true });
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeGreaterThan(55_000);
    const withTicket = `${bare}?ticket=${encodeURIComponent(issued.body.ticket)}`;
    const head = await fetch(withTicket, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('access-control-allow-origin')]).toEqual([200, 'audio/mpeg', '*']);

    // Forged, altered, another station's, or older than its minute: refused, as JSON.
    const forged = await fetch(`${bare}?ticket=not-a-ticket`);
    expect([forged.status, ((await forged.json()) as Json).code]).toEqual([403, 'stream_ticket_invalid']);
    expect(((await (await fetch(`${withTicket.slice(0, -3)}AAA`)).json()) as Json).code).toBe('stream_ticket_invalid');
    expect(((await (await fetch(`${api.base}/radio/test-punk/stream?ticket=${encodeURIComponent(issued.body.ticket)}`)).json()) as Json).code).toBe('stream_ticket_invalid');
    expect(((await (await fetch(`${bare}?ticket=a&ticket=b`)).json()) as Json).code).toBe('stream_ticket_invalid');
    const listenerId = (await api.db.query('SELECT id FROM ad_listeners WHERE id = $1', [issued.cookie.split('=')[1]]))[0].id as string;
    const stale = api.app.get(StreamTickets).issue(listenerId, 'test-rock', new Date(Date.now() - 61_000)).ticket;
    const expired = await fetch(`${bare}?ticket=${encodeURIComponent(stale)}`);
    expect([expired.status, ((await expired.json()) as Json).code]).toEqual([403, 'stream_ticket_expired']);

    // Two connections of one listener (two tabs, a player that opens twice) count each second once.
    const listening = [new PlainClient(withTicket), new PlainClient(withTicket)];
    try {
      await sleep(2500);
      expect(listening.map((l) => l.status)).toEqual([200, 200]);
      const [counted] = await api.db.query('SELECT listened_seconds AS s, break_id AS b FROM ad_listeners WHERE id = $1', [listenerId]);
      expect(counted.b).toBeNull();
      expect(counted.s).toBeGreaterThan(0.9);
      expect(counted.s).toBeLessThan(2.9);
      // The interval fills with no report from the client: the relay hands the break out itself (a heartbeat, here an
      // interval, past full) and ends the connections once its grace has passed.
      await until('the relay ending both connections', 25_000, async () => (listening.every((l) => l.ended) ? true : undefined));
    } finally {
      for (const l of listening) l.close();
    }
    const [due] = await api.db.query<{ b: string | null; at: Date }>('SELECT break_id AS b, break_started_at AS at FROM ad_listeners WHERE id = $1', [listenerId]);
    expect(due.b).not.toBeNull();
    expect(Date.now() - new Date(due.at).getTime()).toBeGreaterThan(10_000);
    // No new stream, with its ticket or a new one, until the break is heard.
    expect(((await (await fetch(withTicket)).json()) as Json).code).toBe('ad_break_due');
    const again = await ticketFor('test-rock', { cookie: issued.cookie });
    expect([again.status, again.body.code]).toEqual([403, 'ad_break_due']);

    const player = new Listener(api.base);
    player.cookie = issued.cookie;
    const { body: state } = await player.report(false);
    expect(state.break.id).toBe(due.b);
    await sleep(Date.parse(state.break.endsAt) + 100 - Date.now());
    expect((await player.complete(state.break.id)).status).toBe(200);
    const fresh = await ticketFor('test-rock', { cookie: issued.cookie });
    expect(fresh.status).toBe(200);
    const resumed = new PlainClient(`${bare}?ticket=${encodeURIComponent(fresh.body.ticket)}`);
    try {
      await until('audio after the break', 5000, async () => (resumed.bytes > 0 ? true : undefined));
      expect(resumed.status).toBe(200);
    } finally {
      resumed.close();
    }
  }, 60_000);

  it('lets Premium with the radio pass, and an API key, stream without a ticket; a Basic account is known by its pass', async () => {
    const premium = await member();
    const basic = await member();
    await grant(premium.email, 'premium');
    const passOf = async (token: string) => {
      const res = await fetch(`${api.base}/radio/pass`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(204);
      return (res.headers.get('set-cookie') ?? '').split(';')[0];
    };
    const premiumPass = await passOf(premium.token);
    const paid = await fetch(`${api.base}/radio/test-rock/stream`, { method: 'HEAD', headers: { cookie: premiumPass } });
    expect(paid.status).toBe(200);
    // A paid plan needs no ticket and keeps no ad clock: the answer says so.
    expect((await ticketFor('test-rock', { authorization: `Bearer ${premium.token}` })).body).toEqual({ ticket: null, expiresAt: null, ads: false });
    // A Basic account's pass names the account: its stream is counted on the account's clock.
    const basicPass = await passOf(basic.token);
    expect((await fetch(`${api.base}/radio/test-rock/stream`, { method: 'HEAD', headers: { cookie: basicPass } })).status).toBe(200);
    const key = await call('POST', '/developer/keys', basic.token, { name: 'radio app', scope: 'read-only' });
    expect(key.status).toBe(201);
    expect((await fetch(`${api.base}/radio/test-rock/stream`, { method: 'HEAD', headers: { authorization: `Bearer ${key.body.key}` } })).status).toBe(200);
  });

  it('answers malformed requests with 400s and unknown spots with 404, as JSON', async () => {
    expect((await ticketFor('Not A Station')).status).toBe(400);
    expect((await fetch(`${api.base}/ads/tickets`, { method: 'POST' })).status).toBe(400);
    const listener = new Listener(api.base);
    expect((await listener.request('POST', '/ads/listening', { listening: 'yes' })).body).toMatchObject({ statusCode: 400 });
    expect((await listener.request('POST', '/ads/listening')).status).toBe(400);
    expect((await listener.complete('not-a-break')).status).toBe(400);
    expect((await listener.complete('b0000000-0000-4000-8000-000000000001')).body).toMatchObject({ code: 'ad_break_not_found' });
    expect((await listener.request('GET', '/ads/spots/..%2F..%2Fpackage.json')).status).toBe(400);
    expect((await listener.request('GET', '/ads/spots/nothing-here.mp3')).body).toMatchObject({ statusCode: 404, code: 'ad_spot_not_found' });
    // A forged cookie names no clock: a new one is made.
    listener.cookie = 'gr_listener=b0000000-0000-4000-8000-000000000009';
    const fresh = await listener.report(false);
    expect(fresh.status).toBe(200);
    expect(listener.cookie).not.toBe('gr_listener=b0000000-0000-4000-8000-000000000009');
  });
});
