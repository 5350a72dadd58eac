import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { TracksService } from '../src/radio/tracks.service';
import { useApiUnderTest } from './support/app';
import { membersOf } from './support/members';
import { IcecastServer, until } from './support/icecast';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

const icecast = new IcecastServer();

function catalogueFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'stations-')), 'stations.json');
  writeFileSync(
    file,
    JSON.stringify([
      { id: 'punk-one', name: 'Punk One', country: 'pl', genres: ['punk', 'rock'], streamUrl: `${icecast.base}/one.mp3` },
      { id: 'punk-two', name: 'Punk Two', country: 'pl', genres: ['punk'], streamUrl: `${icecast.base}/two.mp3` },
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((x) => ({ id: `extra-${x}`, name: `Extra ${x}`, country: 'de', genres: ['metal'], streamUrl: 'http://127.0.0.1:9/x.mp3' })),
    ]),
  );
  return file;
}

/** Listens to our relay of a station (so the relay reads its titles) until closed. */
function listen(url: string): { close: () => void; bytes: () => number } {
  let bytes = 0;
  const req = httpRequest(url, (res) => res.on('data', (c: Buffer) => (bytes += c.length)).on('error', () => undefined));
  req.on('error', () => undefined);
  req.end();
  return { close: () => req.destroy(), bytes: () => bytes };
}

describe('the documented public API: stations, tracks the relays heard, search, recommendations, playlists, realtime tickets', () => {
  beforeAll(async () => {
    await icecast.start();
    await icecast.startSource('/one.mp3', 440);
    await icecast.startSource('/two.mp3', 660);
  }, 30_000);
  afterAll(() => icecast.stop());
  const api = useApiUnderTest(() => ({ STATIONS_FILE: catalogueFile() }));

  const { member, call } = membersOf(api, '198.18.12');

  it('records every artist and title the relays read, once per play, with where and when; the station list shows what plays now', async () => {
    const one = listen(`${api.base}/radio/punk-one/stream`);
    try {
      await until(async () => (one.bytes() > 0 ? true : undefined), 'audio');
      await icecast.setTitle('/one.mp3', 'Dezerter - Spytaj milicjanta');
      await until(async () => ((await call('GET', '/search?q=milicjanta&type=track')).body.tracks.length ? true : undefined), 'the track', 5000);
      // The same title again (another process relaying the station, a re-sent metadata block) is the same play.
      await icecast.setTitle('/one.mp3', 'Dezerter - Spytaj milicjanta');
      await icecast.setTitle('/one.mp3', 'Radio Punk One');
      await icecast.setTitle('/one.mp3', 'Dżem - Whisky moja żono');
      await until(async () => ((await call('GET', '/search?q=zono&type=track')).body.tracks.length ? true : undefined), 'the second track', 5000);
      const stations = (await call('GET', '/radio/stations')).body as Json[];
      expect(stations.find((s) => s.id === 'punk-one')).toMatchObject({
        genre: 'punk',
        streamUrl: '/api/v1/radio/punk-one/stream',
        nowPlaying: { artist: 'Dżem', title: 'Whisky moja żono', album: null },
      });
      expect(stations.find((s) => s.id === 'punk-two').nowPlaying).toBeNull();
    } finally {
      one.close();
    }
    const [track] = (await call('GET', '/search?q=SPYTAJ&type=track')).body.tracks;
    expect(track).toMatchObject({ artist: 'Dezerter', title: 'Spytaj milicjanta', album: null, duration: null, genre: 'punk', playCount: 1 });
    const detail = await call('GET', `/tracks/${track.id}`);
    expect(detail.body.plays).toEqual([{ stationId: 'punk-one', playedAt: expect.any(String) }]);
    expect((await call('GET', '/search?q=Radio Punk&type=track')).body.tracks).toEqual([]);
    expect((await call('GET', '/tracks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('GET', '/tracks/nope')).status).toBe(400);
  }, 30_000);

  it('recommends what the stations that play the seed artists also play, best first, and nothing for unknown artists', async () => {
    const tracks = api.app.get(TracksService);
    // punk-two plays KSU and Armia a lot and Dezerter once; extra-a plays Dezerter and Acid Drinkers.
    for (const [station, artist, title] of [
      ['punk-two', 'Dezerter', 'Ku przyszłości'],
      ['punk-two', 'KSU', 'Moje Bieszczady'],
      ['punk-two', 'Armia', 'Niewidzialna armia'],
      ['punk-two', 'KSU', 'Za mlodzi na smierc'],
      ['extra-a', 'Dezerter', 'Plakat'],
      ['extra-a', 'Acid Drinkers', 'Hit the Road Jack'],
      ['extra-b', 'Behemoth', 'Ov Fire and the Void'],
    ]) {
      expect(await tracks.record(station, artist, title)).toBe(true);
    }
    const res = await call('GET', '/recommendations?seed_artists=dezerter&limit=10');
    expect(res.status).toBe(200);
    expect(res.body.seedArtists).toEqual(['dezerter']);
    expect(res.body.knownSeeds).toBe(1);
    const artists = res.body.tracks.map((t: Json) => t.artist);
    expect(artists).not.toContain('Dezerter');
    expect(artists).not.toContain('Behemoth');
    expect(new Set(artists)).toEqual(new Set(['KSU', 'Armia', 'Acid Drinkers', 'Dżem']));
    expect((await call('GET', '/recommendations?seed_artists=Dezerter&limit=2')).body.tracks).toHaveLength(2);
    expect((await call('GET', '/recommendations?seed_artists=Nobody%20Here')).body).toEqual({ seedArtists: ['Nobody Here'], knownSeeds: 0, tracks: [] });
    for (const bad of ['', '?seed_artists=', '?seed_artists=a&limit=51', '?seed_artists=a&limit=0', '?seed_artists=a,b,c,d,e,f', '?seed_artists=a&limit=x']) {
      expect([bad, (await call('GET', `/recommendations${bad}`)).status]).toEqual([bad, 400]);
    }
  });

  it('searches every kind at once, or one kind, ignoring case and Polish accents', async () => {
    const all = await call('GET', '/search?q=PUNK');
    expect(Object.keys(all.body).sort()).toEqual(['events', 'playlists', 'stations', 'tracks']);
    expect(all.body.stations.map((s: Json) => s.id).sort()).toEqual(['punk-one', 'punk-two']);
    expect((await call('GET', '/search?q=bieszczady&type=station')).body.tracks).toEqual([]);
    expect((await call('GET', '/search?q=mlodzi')).body.tracks.map((t: Json) => t.title)).toEqual(['Za mlodzi na smierc']);
    expect((await call('GET', '/search?q=x&type=album')).status).toBe(400);
    expect((await call('GET', '/search?q=100%25_')).body.tracks).toEqual([]);
  });

  it('keeps playlists of stations and tracks: private ones for their owner only, public ones for anyone and search', async () => {
    const owner = await member();
    const other = await member();
    const [ksu] = (await call('GET', '/search?q=bieszczady&type=track')).body.tracks;
    const created = await call('POST', '/user/playlists', owner.token, {
      name: '  Polski punk  ',
      description: 'Na drogę',
      items: [{ type: 'station', id: 'punk-one' }, { type: 'track', id: ksu.id }, { type: 'station', id: 'punk-two' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Polski punk', description: 'Na drogę', isPublic: false, trackCount: 1, stationCount: 2, duration: 0 });
    expect(created.body.items.map((i: Json) => [i.type, i.station?.id ?? i.track.title])).toEqual([['station', 'punk-one'], ['track', 'Moje Bieszczady'], ['station', 'punk-two']]);
    const id = created.body.id;

    expect((await call('GET', '/user/playlists', owner.token)).body).toMatchObject({ maxPlaylists: 50, maxStationsPerPlaylist: 5, playlists: [{ id, trackCount: 1 }] });
    expect((await call('GET', '/user/playlists', other.token)).body.playlists).toEqual([]);
    expect((await call('GET', `/playlists/${id}`, owner.token)).status).toBe(200);
    for (const who of [other.token, undefined]) expect((await call('GET', `/playlists/${id}`, who)).status).toBe(404);
    expect((await call('GET', '/search?q=polski&type=playlist')).body.playlists).toEqual([]);

    // Another user can neither change nor delete it, and hears 404, as for a playlist that does not exist.
    expect((await call('PATCH', `/user/playlists/${id}`, other.token, { name: 'mine' })).status).toBe(404);
    expect((await call('DELETE', `/user/playlists/${id}`, other.token)).status).toBe(404);

    const published = await call('PATCH', `/user/playlists/${id}`, owner.token, { isPublic: true, description: null, items: [{ type: 'track', id: ksu.id }] });
    expect(published.body).toMatchObject({ name: 'Polski punk', description: null, isPublic: true, trackCount: 1, stationCount: 0 });
    expect((await call('GET', `/playlists/${id}`)).body.items).toHaveLength(1);
    expect((await call('GET', '/search?q=POLSKI&type=playlist')).body.playlists.map((p: Json) => p.id)).toEqual([id]);

    // Basic playlists hold 5 stations; unknown entries and bad ids are refused; nothing changes.
    const six = ['punk-one', 'punk-two', 'extra-a', 'extra-b', 'extra-c', 'extra-d'].map((s) => ({ type: 'station', id: s }));
    expect(await call('PATCH', `/user/playlists/${id}`, owner.token, { items: six })).toMatchObject({ status: 403, body: { code: 'plan_limit' } });
    expect(await call('POST', '/user/playlists', owner.token, { name: 'x', items: [{ type: 'station', id: 'no-such' }] })).toMatchObject({ status: 400, body: { code: 'unknown_item' } });
    for (const body of [{ name: '' }, { name: 'x', items: [{ type: 'album', id: 'x' }] }, { name: 'x', items: [{ type: 'track', id: 'not-a-uuid' }] }, { name: 'x', isPublic: 'yes' }, { name: 'x', owner: other.id }]) {
      expect([body, (await call('POST', '/user/playlists', owner.token, body)).status]).toEqual([body, 400]);
    }
    expect((await call('GET', `/playlists/${id}`)).body.items).toHaveLength(1);

    expect((await call('DELETE', `/user/playlists/${id}`, owner.token)).status).toBe(204);
    expect((await call('GET', `/playlists/${id}`, owner.token)).status).toBe(404);
  });

  it('lets a key holder onto the socket with a single-use ticket, and onto its own user channel only', async () => {
    const owner = await member();
    const stranger = await member();
    const { key } = (await call('POST', '/developer/keys', owner.token, { name: 'socket' })).body;
    const issued = await call('POST', '/realtime/ticket', key);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ ticket: expect.stringMatching(/^grt_/), expiresIn: 60 });
    const url = `${api.base.replace('http', 'ws')}/realtime?token=${issued.body.ticket}`;
    const socket = new WebSocket(url);
    const frames: Json[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      socket.send(JSON.stringify({ action: 'subscribe', channel: `user.${stranger.id}` }));
      socket.send(JSON.stringify({ action: 'subscribe', channel: `user.${owner.id}` }));
      await until(async () => (frames.length >= 2 ? true : undefined), 'two answers');
      expect(frames[0]).toMatchObject({ type: 'error' });
      expect(frames[1]).toMatchObject({ type: 'subscribed', channel: `user.${owner.id}` });
    } finally {
      socket.close();
    }
    const again = new WebSocket(url);
    expect(await new Promise<number>((resolve) => again.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)))).toBe(401);
  });
});
