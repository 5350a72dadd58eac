import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WeeklyStatsService } from '../src/radio/weekly-stats.service';
import { startTestApp, useApiUnderTest } from './support/app';

const stations = [
  { id: 'metal-one', name: 'Metal One', country: 'pl', genres: ['metal'], streamUrl: 'http://127.0.0.1:9/metal.mp3', featured: true, description: 'Ciężkie granie' },
  {
    id: 'punk-two', name: 'Punk Two', country: 'gb', genres: ['punk', 'rock'], streamUrl: 'http://127.0.0.1:9/punk.mp3', program: { program: 'Poranny pogo' },
    plan: 'premium', bitrate: 128, hq: { streamUrl: 'http://127.0.0.1:9/punk-320.mp3', bitrate: 320, codec: 'mp3' }, source: 'radio-browser:00000000-0000-4000-8000-000000000002',
  },
  { id: 'jazz-three', name: 'Jazz Three', country: 'fr', genres: ['jazz'], streamUrl: 'http://127.0.0.1:9/jazz.mp3' },
];

function catalogueFile(entries: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'stations-')), 'stations.json');
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

describe('radio: catalogue, likes and the weekly top', () => {
  const api = useApiUnderTest(() => ({ STATIONS_FILE: catalogueFile(stations) }));

  // The answers are checked field by field below; their exact types are the API's (see radio.dto.ts).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
  type Json = any;
  const get = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.base}${p}`, { headers });
    return { status: res.status, body: (await res.json()) as Json };
  };

  let ip = 0;
  async function anonymous(): Promise<string> {
    const res = await fetch(`${api.base}/auth/anonymous`, { method: 'POST', headers: { 'x-forwarded-for': `198.18.0.${++ip}` } });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  const vote = (method: 'PUT' | 'DELETE', id: string, token: string) =>
    fetch(`${api.base}/radio/${id}/like`, { method, headers: { authorization: `Bearer ${token}` } });

  describe('catalogue', () => {
    it('lists the stations of STATIONS_FILE in order, with country name and flag', async () => {
      const { body } = await get('/radio/stations');
      expect(body.map((s: { id: string }) => s.id)).toEqual(['metal-one', 'punk-two', 'jazz-three']);
      expect(body[0]).toMatchObject({
        name: 'Metal One',
        country: { code: 'pl', name: 'Polska', flag: '🇵🇱' },
        genres: ['metal'],
        featured: true,
        sourceUrl: 'http://127.0.0.1:9/metal.mp3',
        description: 'Ciężkie granie',
      });
      expect(body[1].program).toEqual({ program: 'Poranny pogo' });
    });

    it("says each station's plan, bitrate and whether it has a higher-quality stream, but not that stream's address", async () => {
      const { body } = await get('/radio/stations');
      expect(body[0]).toMatchObject({ plan: 'basic', bitrate: null, hasHighQuality: false });
      expect(body[1]).toMatchObject({ plan: 'premium', bitrate: 128, hasHighQuality: true });
      expect(JSON.stringify(body)).not.toContain('punk-320');
      expect(body[1]).not.toHaveProperty('source');
    });

    it.each([
      ['?country=gb', ['punk-two']],
      ['?genre=rock', ['punk-two']],
      ['?q=jazz', ['jazz-three']],
      ['?q=CIĘŻKIE', ['metal-one']],
      ['?q=ciezkie', ['metal-one']],
      ['?q=50%25', []],
      ['?country=de', []],
      // What a spec-following client sends: upper-case country codes, genre labels.
      ['?country=GB', ['punk-two']],
      ['?country=Pl', ['metal-one']],
      ['?genre=Rock', ['punk-two']],
      ['?genre=Metal&country=PL', ['metal-one']],
    ])('filters %s', async (query, ids) => {
      const { body } = await get(`/radio/stations${query}`);
      expect(body.map((s: { id: string }) => s.id)).toEqual(ids);
    });

    it('answers one station, 404 for an unknown one and 400 for a malformed id or filter', async () => {
      expect((await get('/radio/stations/punk-two')).body).toMatchObject({ id: 'punk-two', country: { name: 'Wielka Brytania' } });
      expect(await get('/radio/stations/no-such')).toMatchObject({ status: 404, body: { message: 'No station "no-such"' } });
      expect((await get('/radio/stations/NOT%20A%20SLUG')).status).toBe(400);
      expect((await get('/radio/stations?genre=polka')).status).toBe(400);
      expect((await get('/radio/stations?country=POL')).status).toBe(400);
    });

    it('searches stations', async () => {
      expect((await get('/search?q=punk&type=station')).body.stations.map((s: { id: string }) => s.id)).toEqual(['punk-two']);
      expect((await get('/search?q=punk&type=album')).status).toBe(400);
      expect((await get('/search?q=punk&type=track')).body).toEqual({ stations: [], tracks: [], events: [], playlists: [] });
      expect((await get('/search')).status).toBe(400);
    });
  });

  describe('likes', () => {
    it('need a session (an anonymous one is enough), are idempotent and never go below 0', async () => {
      expect((await vote('PUT', 'jazz-three', 'not-a-token')).status).toBe(401);
      expect((await fetch(`${api.base}/radio/jazz-three/like`, { method: 'PUT' })).status).toBe(401);
      const token = await anonymous();
      expect(await (await vote('PUT', 'jazz-three', token)).json()).toEqual({ count: 1, likedByMe: true });
      expect(await (await vote('PUT', 'jazz-three', token)).json()).toEqual({ count: 1, likedByMe: true });
      expect((await get('/radio/jazz-three/likes')).body).toEqual({ count: 1, likedByMe: false });
      expect((await get('/radio/jazz-three/likes', { authorization: `Bearer ${token}` })).body).toEqual({ count: 1, likedByMe: true });
      // Reading likes needs no session, but a token that is sent must be valid (as documented).
      expect((await get('/radio/jazz-three/likes', { authorization: 'Bearer not-a-token' })).status).toBe(401);
      await vote('PUT', 'metal-one', token);
      expect((await get('/radio/liked', { authorization: `Bearer ${token}` })).body).toEqual({ stationIds: ['metal-one', 'jazz-three'] });
      expect((await get('/radio/liked')).status).toBe(401);
      await vote('DELETE', 'metal-one', token);
      expect(await (await vote('DELETE', 'jazz-three', token)).json()).toEqual({ count: 0, likedByMe: false });
      expect(await (await vote('DELETE', 'jazz-three', token)).json()).toEqual({ count: 0, likedByMe: false });
      expect((await get('/radio/liked', { authorization: `Bearer ${token}` })).body).toEqual({ stationIds: [] });
      expect((await vote('PUT', 'no-such', token)).status).toBe(404);
    });

    it('64 concurrent likes and unlikes from 32 users leave exactly the right rows, counts and weekly top', async () => {
      const users = await Promise.all(Array.from({ length: 32 }, () => anonymous()));
      const [first, second] = [users.slice(0, 16), users.slice(16)];
      await Promise.all(second.map((token) => vote('PUT', 'punk-two', token)));
      // At once: everyone likes metal-one, the first half likes punk-two, the second half takes its like back.
      const answers = await Promise.all([
        ...users.map((token) => vote('PUT', 'metal-one', token)),
        ...first.map((token) => vote('PUT', 'punk-two', token)),
        ...second.map((token) => vote('DELETE', 'punk-two', token)),
      ]);
      expect(answers).toHaveLength(64);
      expect(answers.every((r) => r.status === 200)).toBe(true);

      const rows = await api.db.query<{ station_id: string; n: number }>(
        "SELECT station_id, count(*)::int AS n FROM station_likes WHERE station_id IN ('metal-one', 'punk-two') GROUP BY station_id ORDER BY station_id",
      );
      expect(rows).toEqual([
        { station_id: 'metal-one', n: 32 },
        { station_id: 'punk-two', n: 16 },
      ]);
      expect((await get('/radio/metal-one/likes')).body.count).toBe(32);
      expect((await get('/radio/punk-two/likes', { authorization: `Bearer ${first[0]}` })).body).toEqual({ count: 16, likedByMe: true });
      expect((await get('/radio/punk-two/likes', { authorization: `Bearer ${second[0]}` })).body).toEqual({ count: 16, likedByMe: false });

      await api.app.get(WeeklyStatsService).settle();
      const top = (await get('/radio/top-weekly')).body;
      expect(top.stations.slice(0, 2)).toEqual([
        expect.objectContaining({ rank: 1, station: expect.objectContaining({ id: 'metal-one' }), totalLikes: 32, isFeatured: true }),
        expect.objectContaining({ rank: 2, station: expect.objectContaining({ id: 'punk-two' }), totalLikes: 16, isFeatured: false }),
      ]);
      expect(top.featured).toMatchObject({ station: { id: 'metal-one' } });
    });

    it('the weekly top covers Monday to Sunday in Warsaw and ends at the next Monday 00:00 there', async () => {
      const { body } = await get('/radio/top-weekly');
      const start = new Date(`${body.weekStart}T12:00:00Z`);
      expect(start.getUTCDay()).toBe(1);
      expect(new Date(`${body.weekEnd}T12:00:00Z`).getUTCDay()).toBe(0);
      const ends = new Date(body.periodEndsAt);
      expect(ends.getTime()).toBeGreaterThan(Date.now());
      const warsaw = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ends);
      expect(warsaw).toBe('Mon 00:00');
    });
  });

  it('a station dropped from the catalogue disappears from the list and keeps its likes', async () => {
    const second = await startTestApp(api.db.url, { STATIONS_FILE: catalogueFile(stations.slice(0, 2)) });
    try {
      const ids = (await api.db.query<{ id: string; active: boolean }>('SELECT id, active FROM stations ORDER BY id')).map((r) => `${r.id}:${r.active}`);
      expect(ids).toEqual(['jazz-three:false', 'metal-one:true', 'punk-two:true']);
    } finally {
      await second.close();
    }
  });

  it('a bad STATIONS_FILE stops the boot with a message naming the entry', async () => {
    const bad = catalogueFile([...stations, { id: 'broken', name: 'Broken', country: 'pl', genres: ['rock'], streamUrl: 'not a url' }]);
    await expect(startTestApp(api.db.url, { STATIONS_FILE: bad })).rejects.toThrow(/entry 3 \("broken"\): streamUrl must be an http\(s\) URL/);
  });
});
