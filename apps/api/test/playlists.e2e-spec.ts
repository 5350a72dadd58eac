import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TracksService } from '../src/radio/tracks.service';
import { useApiUnderTest } from './support/app';
import { membersOf } from './support/members';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

const STATION_IDS = ['punk-a', 'punk-b', 'metal-a', ...Array.from({ length: 52 }, (_, i) => `extra-${i}`)];

/** A catalogue of stations nobody streams: plays are recorded directly, playlists only need the stations to exist. */
function catalogueFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'stations-')), 'stations.json');
  writeFileSync(file, JSON.stringify(STATION_IDS.map((id) => ({ id, name: id, country: 'pl', genres: ['punk'], streamUrl: 'http://127.0.0.1:9/x.mp3' }))));
  return file;
}

const stations = (ids: readonly string[]) => ids.map((id) => ({ type: 'station', id }));

describe('playlists and "Dla Ciebie" by plan', () => {
  const api = useApiUnderTest(() => ({ STATIONS_FILE: catalogueFile() }));
  const { member, call } = membersOf(api, '198.18.31');
  const grant = (userId: string, plan: 'premium' | 'ultra') => api.db.query(`INSERT INTO plan_grants (user_id, plan) VALUES ($1, $2)`, [userId, plan]);

  beforeAll(async () => {
    const tracks = api.app.get(TracksService);
    // punk-a plays Dezerter and KSU; punk-b plays KSU and Armia; metal-a plays only Behemoth and Vader.
    for (const [station, artist, title] of [
      ['punk-a', 'Dezerter', 'Spytaj milicjanta'],
      ['punk-a', 'KSU', 'Moje Bieszczady'],
      ['punk-b', 'KSU', 'Za mlodzi na smierc'],
      ['punk-b', 'Armia', 'Niewidzialna armia'],
      ['metal-a', 'Behemoth', 'Ov Fire and the Void'],
      ['metal-a', 'Vader', 'Wings'],
    ]) {
      expect(await tracks.record(station, artist, title)).toBe(true);
    }
  });

  it('sizes a playlist by the plan: 5 stations on Basic, 50 on Premium, 200 on Ultra', async () => {
    const basic = await member();
    const premium = await member();
    const ultra = await member();
    await grant(premium.id, 'premium');
    await grant(ultra.id, 'ultra');
    for (const [who, max] of [[basic, 5], [premium, 50], [ultra, 200]] as const) {
      expect((await call('GET', '/user/playlists', who.token)).body.maxStationsPerPlaylist).toBe(max);
    }
    expect(await call('POST', '/user/playlists', basic.token, { name: 'six', items: stations(STATION_IDS.slice(0, 6)) })).toMatchObject({ status: 403, body: { code: 'plan_limit' } });
    expect((await call('POST', '/user/playlists', basic.token, { name: 'five', items: stations(STATION_IDS.slice(0, 5)) })).status).toBe(201);

    const fifty = await call('POST', '/user/playlists', premium.token, { name: 'fifty', items: stations(STATION_IDS.slice(0, 50)) });
    expect(fifty).toMatchObject({ status: 201, body: { stationCount: 50 } });
    expect(await call('PATCH', `/user/playlists/${fifty.body.id}`, premium.token, { items: stations(STATION_IDS.slice(0, 51)) })).toMatchObject({ status: 403, body: { code: 'plan_limit' } });
    expect((await call('POST', '/user/playlists', ultra.token, { name: 'all', items: stations(STATION_IDS) })).body.stationCount).toBe(STATION_IDS.length);
  });

  it('re-orders, renames and publishes a playlist, whose public link anyone reads, in the new order', async () => {
    const owner = await member();
    const created = await call('POST', '/user/playlists', owner.token, { name: 'Na drogę', items: stations(['punk-a', 'punk-b', 'metal-a']) });
    const id = created.body.id as string;
    const changed = await call('PATCH', `/user/playlists/${id}`, owner.token, { name: 'W trasę', isPublic: true, items: stations(['metal-a', 'punk-a', 'punk-b']) });
    expect(changed).toMatchObject({ status: 200, body: { name: 'W trasę', isPublic: true } });
    const shared = await call('GET', `/playlists/${id}`);
    expect(shared.status).toBe(200);
    expect(shared.body.items.map((i: Json) => i.station.id)).toEqual(['metal-a', 'punk-a', 'punk-b']);
  });

  it('refuses "Dla Ciebie" to Basic, naming the plan that opens it, and to nobody signed in', async () => {
    const basic = await member();
    await call('PUT', '/radio/punk-a/like', basic.token);
    const refused = await call('GET', '/me/recommendations', basic.token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'premium_required', message: expect.stringContaining('Premium') } });
    expect((await call('GET', '/me/recommendations')).status).toBe(401);
  });

  it('recommends to Premium from its likes and playlists, with the stations that play each track', async () => {
    const fan = await member();
    await grant(fan.id, 'premium');
    expect(await call('GET', '/me/recommendations', fan.token)).toMatchObject({ status: 200, body: { seedArtists: [], tracks: [] } });

    // A like of punk-a: its artists (Dezerter, KSU) are the seeds; punk-b also plays KSU, so Armia is recommended.
    expect((await call('PUT', '/radio/punk-a/like', fan.token)).status).toBe(200);
    const fromLikes = await call('GET', '/me/recommendations', fan.token);
    expect(fromLikes.status).toBe(200);
    expect(new Set(fromLikes.body.seedArtists)).toEqual(new Set(['Dezerter', 'KSU']));
    expect(fromLikes.body.tracks.map((t: Json) => [t.artist, t.stationIds])).toEqual([['Armia', ['punk-b']]]);

    // A Behemoth track kept in a playlist makes Vader (played by the same station) a recommendation too.
    const [behemoth] = (await call('GET', '/search?q=behemoth&type=track')).body.tracks;
    expect((await call('POST', '/user/playlists', fan.token, { name: 'metal', items: [{ type: 'track', id: behemoth.id }] })).status).toBe(201);
    const withPlaylist = await call('GET', '/me/recommendations?limit=10', fan.token);
    expect(withPlaylist.body.seedArtists[0]).toBe('Behemoth');
    expect(withPlaylist.body.tracks.map((t: Json) => t.artist)).toEqual(expect.arrayContaining(['Armia', 'Vader']));
    expect(withPlaylist.body.tracks.find((t: Json) => t.artist === 'Vader')).toMatchObject({ title: 'Wings', stationIds: ['metal-a'] });

    expect((await call('GET', '/me/recommendations?limit=1', fan.token)).body.tracks).toHaveLength(1);
    for (const bad of ['?limit=0', '?limit=51', '?limit=x', '?limit=1&extra=1']) {
      expect([bad, (await call('GET', `/me/recommendations${bad}`, fan.token)).status]).toEqual([bad, 400]);
    }
  });
});
