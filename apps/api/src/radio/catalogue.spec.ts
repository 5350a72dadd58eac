import { CatalogueError, parseCatalogue } from './catalogue';

const valid = { id: 'fip-rock', name: 'FIP Rock', country: 'fr', genres: ['rock'], streamUrl: 'https://icecast.example/fiprock.mp3' };

function errorOf(raw: unknown): string {
  try {
    parseCatalogue(raw, 'STATIONS_FILE (x.json)');
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogueError);
    return (e as Error).message;
  }
  throw new Error('expected a CatalogueError');
}

describe('parseCatalogue', () => {
  it('applies defaults to the least an entry needs', () => {
    expect(parseCatalogue([valid], 'test')).toEqual([
      {
        ...valid,
        homepage: null,
        description: null,
        gradient: expect.stringContaining('linear-gradient'),
        logoUrl: null,
        featured: false,
        codec: null,
        program: null,
      },
    ]);
  });

  it.each([
    [{}, 'must be a non-empty JSON array'],
    [[], 'must be a non-empty JSON array'],
    [[valid, { ...valid }], 'entry 1 ("fip-rock"): id is used by an earlier entry'],
    [[{ ...valid, id: 'Bad Id' }], 'entry 0 ("Bad Id"): id must be a lowercase slug'],
    [[{ ...valid, streamUrl: 'ftp://x/y' }], 'entry 0 ("fip-rock"): streamUrl must be an http(s) URL'],
    [[{ ...valid, genres: ['polka'] }], 'genres must be a non-empty list'],
    [[{ ...valid, country: 'France' }], 'country must be a two-letter'],
    [[{ ...valid, program: { artist: 1 } }], 'program must be an object of strings'],
    [[valid, 'nope'], 'entry 1: must be an object'],
  ])('names the file, the entry and the problem: %j', (raw, message) => {
    const text = errorOf(raw);
    expect(text.startsWith('STATIONS_FILE (x.json)')).toBe(true);
    expect(text).toContain(message);
  });
});
