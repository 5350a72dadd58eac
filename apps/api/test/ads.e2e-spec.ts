import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EntitlementsService } from '../src/billing/entitlements.service';
import { PlanGrantsService } from '../src/billing/plan-grants.service';
import { BillingRepository } from '../src/repositories/billing.repository';
import { UserRepository } from '../src/repositories/user.repository';
import { useApiUnderTest } from './support/app';
import { IcecastServer } from './support/icecast';
import { membersOf } from './support/members';

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

  /** Opens the station's stream as the audio element would (with the cookie), and lets go after its head. */
  async stream(): Promise<{ status: number; type: string | null; body?: Json }> {
    const abort = new AbortController();
    const res = await fetch(`${this.base}/radio/test-rock/stream`, { headers: this.cookie ? { cookie: this.cookie } : {}, signal: abort.signal });
    const type = res.headers.get('content-type');
    const body = type?.startsWith('application/json') ? ((await res.json()) as Json) : undefined;
    abort.abort();
    return { status: res.status, type, body };
  }
}

describe('ad breaks for Basic and signed-out listeners (ADS_EVERY_MINUTES 0.05: every 3 s)', () => {
  const icecast = new IcecastServer();
  let stations = '';
  beforeAll(async () => {
    await icecast.start();
    await icecast.startSource('/rock.mp3', 440);
    stations = path.join(mkdtempSync(path.join(tmpdir(), 'ads-stations-')), 'stations.json');
    writeFileSync(stations, JSON.stringify([{ id: 'test-rock', name: 'Test Rock', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}/rock.mp3` }]));
  }, 60_000);
  afterAll(() => icecast.stop());
  const api = useApiUnderTest(() => ({ ADS_EVERY_MINUTES: '0.05', STATIONS_FILE: stations, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ads-data-')) }));
  const { member } = membersOf(api, '198.18.28');
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
    // A player that sends no listener cookie (another app) is not held back.
    expect((await new Listener(api.base).stream()).status).toBe(200);

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

  it('answers malformed requests with 400s and unknown spots with 404, as JSON', async () => {
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
