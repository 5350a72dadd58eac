import type { DirectoryStation } from './radio-browser';
import { type ImportOptions, importStations, slug } from './station-import';
import type { StreamVerdict } from './stream-check';

const options: ImportOptions = { tags: ['rock'], countries: ['PL', 'DE'], minVotes: 0, codecs: [], limit: 2, concurrency: 2 };

function station(n: number, fields: Partial<DirectoryStation> = {}): DirectoryStation {
  const url = `https://stream${n}.example/live.mp3`;
  return { stationuuid: `uuid-${n}`, name: `Station ${n}`, url, url_resolved: url, homepage: '', tags: 'rock', countrycode: 'PL', votes: n, codec: 'MP3', bitrate: 0, hls: 0, lastcheckok: 1, ...fields };
}

const directoryOf = (stations: DirectoryStation[]) => ({ search: () => Promise.resolve(stations) });

/** A checker answering MP3 for every stream but the `bad` ones, counting how many it opens at once. */
function checker(bad: string[] = []) {
  const opened: string[] = [];
  let open = 0;
  let mostOpen = 0;
  return {
    opened,
    mostOpen: () => mostOpen,
    async check(url: string): Promise<StreamVerdict> {
      opened.push(url);
      mostOpen = Math.max(mostOpen, ++open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      open--;
      if (bad.includes(url)) return { ok: false, reason: 'answers HTTP 404' };
      return { ok: true, format: /flac/.test(url) ? 'flac' : /\.ogg$/.test(url) ? 'ogg' : 'mp3' };
    },
  };
}

describe('importStations', () => {
  it('orders by the countries given, then by votes, and stops opening streams once the limit passed', async () => {
    const stations = [station(1), station(9, { countrycode: 'DE' }), station(5), station(3), station(7, { countrycode: 'at' })];
    const check = checker(['https://stream5.example/live.mp3']);
    const result = await importStations({ ...options, concurrency: 1 }, directoryOf(stations), check);
    expect(check.opened).toEqual(['https://stream5.example/live.mp3', 'https://stream3.example/live.mp3', 'https://stream1.example/live.mp3']);
    expect(result.kept.map((e) => e.id)).toEqual(['station-3', 'station-1']);
    expect(result.refused).toEqual([{ name: 'Station 5', source: 'radio-browser:uuid-5', reason: 'answers HTTP 404' }]);
    expect(result.unchecked).toBe(2);
  });

  it('opens at most `concurrency` streams at once and keeps no more than the limit', async () => {
    const stations = Array.from({ length: 12 }, (_, i) => station(i + 1));
    const check = checker();
    const result = await importStations({ ...options, concurrency: 3, limit: 4 }, directoryOf(stations), check);
    expect(check.mostOpen()).toBe(3);
    expect(result.kept).toHaveLength(4);
    expect(result.kept.map((e) => e.id)).toEqual(['station-12', 'station-11', 'station-10', 'station-9']);
  });

  it('asks once per tag and country, the codec only when one is given', async () => {
    const search = jest.fn((_query: unknown) => Promise.resolve([] as DirectoryStation[]));
    await importStations({ ...options, tags: ['rock', 'punk'], countries: ['PL'], codecs: ['MP3'] }, { search }, checker());
    expect(search.mock.calls.map(([query]) => query)).toEqual([
      { tag: 'rock', countrycode: 'PL', codec: 'MP3', limit: 2 },
      { tag: 'punk', countrycode: 'PL', codec: 'MP3', limit: 2 },
    ]);
  });

  it('gives ids unique among the merged stations and its own', async () => {
    const stations = [station(2, { name: 'Radio Łódź' }), station(1, { name: 'Radio Łódź', url_resolved: 'https://other.example/x.mp3', countrycode: 'DE' })];
    const merged = [{ id: 'radio-lodz', streamUrl: 'https://merged.example/a.mp3', source: null }] as never[];
    const result = await importStations({ ...options, limit: 5 }, directoryOf(stations), checker(), merged);
    expect(result.kept.map((e) => e.id)).toEqual(['radio-lodz-pl', 'radio-lodz-de']);
  });

  it('takes a name once per country, and lets the bytes decide when the directory does not know the codec', async () => {
    const stations = [station(3, { name: 'Radio X' }), station(2, { name: ' radio x ' }), station(1, { name: 'Radio X', countrycode: 'DE', codec: '' })];
    const result = await importStations({ ...options, limit: 5 }, directoryOf(stations), checker());
    expect(result.kept.map((e) => [e.id, e.codec])).toEqual([['radio-x', 'mp3'], ['radio-x-de', 'mp3']]);
    expect(result.refused).toEqual([{ name: 'radio x', source: 'radio-browser:uuid-2', reason: 'the same name and country as a station listed before it' }]);
  });
});

describe('importStations with FLAC streams', () => {
  const flac = (n: number, fields: Partial<DirectoryStation>) => station(n, { codec: 'FLAC', url_resolved: `https://stream${n}.example/rock-flac`, ...fields });

  it("makes a FLAC stream the lossless stream of the same station's MP3 entry (same country, same name but for quality words)", async () => {
    const stations = [flac(9, { name: 'Radio Paradise Rock Mix (FLAC)', countrycode: 'US' }), station(5, { name: 'Radio Paradise Rock Mix 320k', countrycode: 'US' }), station(4, { name: 'Radio Paradise Main Mix', countrycode: 'US' })];
    const result = await importStations({ ...options, countries: ['US'], limit: 5 }, directoryOf(stations), checker());
    expect(result.kept.map((e) => [e.id, e.lossless ?? null])).toEqual([
      ['radio-paradise-rock-mix-320k', { streamUrl: 'https://stream9.example/rock-flac', codec: 'flac' }],
      ['radio-paradise-main-mix', null],
    ]);
    expect(result.refused).toEqual([]);
  });

  it('refuses a FLAC stream with no station of its own in the import, a second one, and an Ogg stream that is not FLAC', async () => {
    const stations = [
      flac(9, { name: 'Lossless Only' }),
      flac(8, { name: 'Station 5 HQ' }),
      flac(7, { name: 'Station 5 hi-fi', url_resolved: 'https://stream7.example/other-flac' }),
      station(5),
      station(3, { codec: 'OGG', url_resolved: 'https://stream3.example/vorbis.ogg' }),
    ];
    const result = await importStations({ ...options, limit: 5 }, directoryOf(stations), checker());
    expect(result.kept.map((e) => [e.id, e.lossless?.streamUrl])).toEqual([['station-5', 'https://stream8.example/rock-flac']]);
    expect(result.refused.map((r) => [r.name, r.reason])).toEqual([
      ['Station 3', 'an Ogg stream that is not FLAC (the catalogue plays MP3 and AAC, and FLAC as a lossless stream)'],
      ['Lossless Only', 'a FLAC stream, with no MP3 or AAC stream of the same station kept by this import to be its lossless stream'],
      ['Station 5 hi-fi', 'a second FLAC stream of station-5'],
    ]);
  });

  it('does not count a FLAC stream towards the limit of stations', async () => {
    const stations = [flac(9, { name: 'Station 2 FLAC' }), station(2), station(1)];
    const result = await importStations({ ...options, limit: 2, concurrency: 1 }, directoryOf(stations), checker());
    expect(result.kept.map((e) => [e.id, Boolean(e.lossless)])).toEqual([['station-2', true], ['station-1', false]]);
    expect(result.unchecked).toBe(0);
  });
});

describe('slug', () => {
  it.each([
    ['Radio Nowy Świat', 'radio-nowy-swiat'],
    ['ŁÓDŹ  Rock!!', 'lodz-rock'],
    ['???', ''],
    ['x'.repeat(80), 'x'.repeat(56)],
  ])('%j → %j', (name, expected) => expect(slug(name)).toBe(expected));
});
