import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EntitlementsService } from '../src/billing/entitlements.service';
import { PlanGrantsService } from '../src/billing/plan-grants.service';
import { BillingRepository } from '../src/repositories/billing.repository';
import { UserRepository } from '../src/repositories/user.repository';
import { useApiUnderTest } from './support/app';
import { OggPager, type OggPage } from '../src/radio/relay/ogg-pages';
import { IcecastServer, until } from './support/icecast';
import { startFlacSource } from './support/icecast-flac';
import { membersOf } from './support/members';
import { StreamListener } from './support/stream-listener';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

/** MPEG-1 Layer III bitrates by the frame header's index (kbit/s). */
const LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/** The bitrate most of the audio's MPEG frame headers give: what the mount really sends. */
function mp3Kbps(audio: Buffer): number {
  const seen = new Map<number, number>();
  for (let i = 0; i + 2 < audio.length; i++) {
    if (audio[i] !== 0xff || (audio[i + 1] & 0xfe) !== 0xfa) continue;
    const kbps = LAYER3_KBPS[audio[i + 2] >> 4];
    if (kbps) seen.set(kbps, (seen.get(kbps) ?? 0) + 1);
  }
  return [...seen.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/** The header pages an Ogg stream starts with (for FLAC: the mapping with STREAMINFO, then the Vorbis comment). */
function oggHeaders(audio: Buffer): Buffer {
  const pager = new OggPager();
  const headers: Buffer[] = [];
  let done = false;
  pager.on('page', (page: OggPage) => {
    if (page.header && !done) headers.push(page.bytes);
    else done = true;
  });
  pager.push(audio);
  return Buffer.concat(headers);
}

/**
 * The plan benefits the relay enforces (docs/architecture.md, "Plans on the relay"), against a real Icecast2 with a
 * standard (128 kbit/s) and a high-quality (320 kbit/s) mount, and a station with a lossless FLAC-in-Ogg mount too. RELAY_MAX_LISTENERS 2 with RELAY_PRIORITY_SHARE 0.5:
 * Basic and signed-out listeners get in while a station has none, paid ones while it has fewer than 2.
 */
describe('plans on the radio relay', () => {
  const icecast = new IcecastServer();
  let stations = '';
  let stopFlac: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    await icecast.start();
    await icecast.startSource('/standard.mp3', 440, 128);
    await icecast.startSource('/hq.mp3', 660, 320);
    await icecast.startSource('/premium.mp3', 550, 128);
    await icecast.startSource('/rock-128.mp3', 330, 128);
    await icecast.startSource('/rock-320.mp3', 770, 320);
    stopFlac = await startFlacSource(icecast, '/rock-flac', 880, { artist: 'Black Sabbath', title: 'Paranoid' });
    stations = path.join(mkdtempSync(path.join(tmpdir(), 'relay-plans-')), 'stations.json');
    writeFileSync(
      stations,
      JSON.stringify([
        { id: 'test-open', name: 'Test Open', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}/standard.mp3`, codec: 'mp3', bitrate: 128, hq: { streamUrl: `${icecast.base}/hq.mp3`, bitrate: 320, codec: 'mp3' } },
        { id: 'test-premium', name: 'Test Premium', country: 'us', genres: ['jazz'], streamUrl: `${icecast.base}/premium.mp3`, plan: 'premium' },
        { id: 'test-busy', name: 'Test Busy', country: 'pl', genres: ['punk'], streamUrl: `${icecast.base}/premium.mp3` },
        {
          id: 'test-lossless', name: 'Test Lossless', country: 'us', genres: ['rock'], streamUrl: `${icecast.base}/rock-128.mp3`, codec: 'mp3', bitrate: 128,
          hq: { streamUrl: `${icecast.base}/rock-320.mp3`, bitrate: 320, codec: 'mp3' }, lossless: { streamUrl: `${icecast.base}/rock-flac`, codec: 'flac' },
        },
      ]),
    );
  }, 60_000);
  afterAll(async () => {
    await stopFlac();
    await icecast.stop();
  });
  const api = useApiUnderTest(() => ({ STATIONS_FILE: stations, RELAY_MAX_LISTENERS: '2', RELAY_PRIORITY_SHARE: '0.5' }));
  const { member, call } = membersOf(api, '198.18.29');
  const grant = async (email: string, plan: 'premium' | 'ultra') =>
    new PlanGrantsService(api.app.get(UserRepository), api.app.get(BillingRepository), api.app.get(EntitlementsService)).grant(email, plan, null);
  const stream = (id: string) => `${api.base}/radio/${id}/stream`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Opens the station's stream as a player would, and lets go after its head (and a JSON error's body). */
  async function open(id: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Headers; body?: Json }> {
    const abort = new AbortController();
    const res = await fetch(stream(id), { method, headers, signal: abort.signal });
    const body = method !== 'HEAD' && res.headers.get('content-type')?.startsWith('application/json') ? ((await res.json()) as Json) : undefined;
    abort.abort();
    return { status: res.status, headers: res.headers, body };
  }

  async function listenersOf(id: string): Promise<number> {
    return ((await (await fetch(`${api.base}/radio/stations/${id}`)).json()) as { listeners: number }).listeners;
  }

  it('refuses a premium station to Basic and signed-out listeners with the plan that opens it, and plays it on Premium and Ultra', async () => {
    const basic = await member();
    const premium = await member();
    const ultra = await member();
    await grant(premium.email, 'premium');
    await grant(ultra.email, 'ultra');

    const locked = { statusCode: 403, error: 'Forbidden', code: 'premium_required', requiredPlan: 'premium', message: 'Test Premium plays on the Premium plan and above' };
    expect(await open('test-premium')).toMatchObject({ status: 403, body: locked });
    expect(await open('test-premium', bearer(basic.token))).toMatchObject({ status: 403, body: locked });
    expect(await open('test-premium', bearer(basic.token), 'HEAD')).toMatchObject({ status: 403 });
    for (const paid of [premium, ultra]) {
      const played = await open('test-premium', bearer(paid.token));
      expect(played.status).toBe(200);
      expect(played.headers.get('content-type')).toBe('audio/mpeg');
    }
    // The public list is the same for everyone and says which plan each station needs.
    const list = (await call('GET', '/radio/stations')).body as Json[];
    expect(list.map((s) => [s.id, s.plan])).toEqual([['test-open', 'basic'], ['test-premium', 'premium'], ['test-busy', 'basic'], ['test-lossless', 'basic']]);
    expect(list[0]).toMatchObject({ bitrate: 128, hasHighQuality: true, highQualityBitrate: 320, hasLossless: false });
    expect(list[1]).toMatchObject({ bitrate: null, hasHighQuality: false, highQualityBitrate: null, hasLossless: false });
    expect(list[3]).toMatchObject({ bitrate: 128, hasHighQuality: true, highQualityBitrate: 320, hasLossless: true });
    // The upstream addresses stay the server's: none of the list's fields names the hq or lossless mount.
    expect(JSON.stringify(list[3])).not.toMatch(/rock-320|rock-flac/);
  }, 60_000);

  it("plays on a browser's radio pass (an audio element sends no token) only while its session lasts", async () => {
    const premium = await member();
    await grant(premium.email, 'premium');
    const set = await fetch(`${api.base}/radio/pass`, { method: 'PUT', headers: bearer(premium.token) });
    expect(set.status).toBe(204);
    const cookie = set.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^gr_radio=[^;]+; Max-Age=2592000; Path=\/api\/v1\/radio; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const pass = { cookie: cookie.split(';')[0] };
    expect((await open('test-premium', pass)).status).toBe(200);
    // A pass whose signature does not match is nobody's: the listener is signed out.
    expect((await open('test-premium', { cookie: `${pass.cookie.slice(0, -2)}xx` })).status).toBe(403);
    // Nor is one that is not even URI-encoded text (a 403 like any other stranger's, never a 500).
    expect((await open('test-premium', { cookie: 'gr_radio=%E0%A4%A; gr_listener=%' })).status).toBe(403);
    expect((await fetch(`${api.base}/radio/pass`, { method: 'PUT' })).status).toBe(401);
    // Signing out ends the session, and the pass with it.
    expect((await fetch(`${api.base}/auth/logout`, { method: 'POST', headers: bearer(premium.token) })).status).toBe(204);
    expect(await open('test-premium', pass)).toMatchObject({ status: 403, body: { requiredPlan: 'premium' } });
    const cleared = await fetch(`${api.base}/radio/pass`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get('set-cookie')).toMatch(/^gr_radio=; Path=\/api\/v1\/radio; Expires=Thu, 01 Jan 1970/);
  }, 60_000);

  it('streams the standard mount to Basic and the 320 kbit/s mount to paid plans, from the same address, and says which', async () => {
    const basic = await member();
    const premium = await member();
    await grant(premium.email, 'premium');
    await until(async () => ((await listenersOf('test-open')) === 0 ? true : undefined), 'an empty station');
    const standard = new StreamListener(stream('test-open'), bearer(basic.token));
    // Basic first: with one listener on the station, only a paid listener still gets in.
    await until(async () => (standard.bytes > 16 * 1024 ? true : undefined), "Basic's audio");
    const hq = new StreamListener(stream('test-open'), bearer(premium.token));
    try {
      await until(async () => (hq.bytes > 32 * 1024 && standard.bytes > 32 * 1024 ? true : undefined), 'audio for both', 20_000);
      expect(standard.headers).toMatchObject({ 'x-stream-quality': 'standard', 'x-stream-bitrate': '128', 'icy-br': '128' });
      expect(hq.headers).toMatchObject({ 'x-stream-quality': 'hq', 'x-stream-bitrate': '320', 'icy-br': '320' });
      expect(standard.headers['access-control-expose-headers']).toBe('X-Stream-Quality, X-Stream-Bitrate');
      // What each really got: the mounts' own MPEG frames.
      expect(mp3Kbps(standard.received)).toBe(128);
      expect(mp3Kbps(hq.received)).toBe(320);
      expect(await icecast.listeners('/standard.mp3')).toBe(1);
      expect(await icecast.listeners('/hq.mp3')).toBe(1);
      // One station, two relays: the list counts both listeners.
      await until(async () => ((await listenersOf('test-open')) === 2 ? true : undefined), 'both listeners counted');
    } finally {
      standard.close();
      hq.close();
    }
  }, 60_000);

  it("streams the lossless FLAC mount to Ultra as Ogg, the stream's headers first for every listener, and its Vorbis comment as now-playing", async () => {
    const ultra = await member();
    await grant(ultra.email, 'ultra');
    await until(async () => ((await listenersOf('test-lossless')) === 0 ? true : undefined), 'an empty station');
    const first = new StreamListener(stream('test-lossless'), bearer(ultra.token));
    let second: StreamListener | undefined;
    try {
      await until(async () => (first.bytes > 32 * 1024 ? true : undefined), "Ultra's audio", 20_000);
      expect(first.status).toBe(200);
      expect(first.headers).toMatchObject({ 'content-type': 'application/ogg', 'x-stream-quality': 'lossless' });
      // FLAC's bitrate follows the music: no figure is claimed.
      expect(first.headers['x-stream-bitrate']).toBeUndefined();
      expect(first.headers['icy-br']).toBeUndefined();
      // What it got: Ogg pages, the first holding the FLAC mapping (\x7FFLAC, then fLaC and STREAMINFO) right after
      // its 27-byte header and one lacing value; the mount's own Vorbis comment; no ICY metadata block in between.
      const audio = first.received;
      expect(audio.subarray(0, 4).toString('latin1')).toBe('OggS');
      expect(audio.subarray(28, 33).toString('latin1')).toBe('\x7FFLAC');
      expect(audio.subarray(37, 41).toString('latin1')).toBe('fLaC');
      expect(audio.includes('title=Paranoid')).toBe(true);
      expect(audio.includes('StreamTitle=')).toBe(false);
      expect(await icecast.listeners('/rock-flac')).toBe(1);
      // Icecast sends Ogg without icy-metaint: the title is the Vorbis comment's.
      const playing = await call('GET', '/radio/test-lossless/nowplaying');
      expect(playing.body).toMatchObject({ artist: 'Black Sabbath', title: 'Paranoid', source: 'stream' });

      // A listener joining the open relay gets the same header pages first, then whole pages: a decoder can start.
      const headers = oggHeaders(audio);
      expect(headers.length).toBeGreaterThan(80);
      second = new StreamListener(stream('test-lossless'), bearer(ultra.token));
      const joined = second;
      await until(async () => (joined.bytes > 16 * 1024 ? true : undefined), "the second Ultra listener's audio");
      expect(joined.received.subarray(0, headers.length)).toEqual(headers);
      expect(joined.received.subarray(headers.length, headers.length + 4).toString('latin1')).toBe('OggS');
      // Still one connection to the mount for both.
      expect(await icecast.listeners('/rock-flac')).toBe(1);
    } finally {
      first.close();
      second?.close();
    }
  }, 60_000);

  it('plays the same station at 320 kbit/s to Premium and from its standard mount to Basic', async () => {
    const basic = await member();
    const premium = await member();
    await grant(premium.email, 'premium');
    // One at a time: Basic gets in only while the station has no listener (RELAY_PRIORITY_SHARE 0.5 of 2).
    for (const [token, quality, kbps] of [[premium.token, 'hq', 320], [basic.token, 'standard', 128]] as const) {
      await until(async () => ((await listenersOf('test-lossless')) === 0 ? true : undefined), 'an empty station');
      const listener = new StreamListener(stream('test-lossless'), bearer(token));
      try {
        await until(async () => (listener.bytes > 32 * 1024 ? true : undefined), `the ${quality} audio`, 20_000);
        expect(listener.headers).toMatchObject({ 'content-type': 'audio/mpeg', 'x-stream-quality': quality, 'x-stream-bitrate': String(kbps) });
        expect(mp3Kbps(listener.received)).toBe(kbps);
      } finally {
        listener.close();
      }
    }
  }, 60_000);

  it('keeps RELAY_PRIORITY_SHARE of the listener limit for paid plans: Basic gets the 503 first', async () => {
    const basic = await member();
    const premium = await member();
    await grant(premium.email, 'premium');
    await until(async () => ((await listenersOf('test-busy')) === 0 ? true : undefined), 'an empty station');
    const first = new StreamListener(stream('test-busy'));
    try {
      await until(async () => (first.bytes > 0 ? true : undefined), 'the first listener');
      for (const headers of [{}, bearer(basic.token)]) {
        const refused = await open('test-busy', headers);
        expect(refused.status).toBe(503);
        expect(refused.body.message).toBe('Test Busy has 1 of its 2 listeners (the rest are kept for paid plans: Premium and Ultra still get in); try again later');
      }
      const paid = new StreamListener(stream('test-busy'), bearer(premium.token));
      try {
        await until(async () => (paid.bytes > 0 ? true : undefined), "the paid listener's audio");
        expect(paid.status).toBe(200);
        // Now the station is full for everyone.
        const full = await open('test-busy', bearer(premium.token));
        expect(full.status).toBe(503);
        expect(full.body.message).toBe('Test Busy has reached its limit of 2 listeners; try again later');
      } finally {
        paid.close();
      }
    } finally {
      first.close();
    }
  }, 60_000);
});
