/** @jest-environment node */
import { openApiDocument } from '@grouarock/api-client/openapi';
import { apiCost, apiReference, numberInput, type OpenApiDocument } from './api-reference';

const reference = apiReference(openApiDocument as unknown as OpenApiDocument, 'https://radio.example');
const op = (id: string) => reference.flatMap((g) => g.operations).find((o) => o.id === id)!;

describe('apiReference', () => {
  it('lists every documented endpoint of the spec, by area, and none of the site’s internals', () => {
    const paths = reference.flatMap((g) => g.operations.map((o) => `${o.method} ${o.path}`));
    for (const documented of [
      'GET /api/v1/radio/stations',
      'GET /api/v1/search',
      'GET /api/v1/radio/{id}/nowplaying',
      'GET /api/v1/user/playlists',
      'POST /api/v1/user/playlists',
      'GET /api/v1/recommendations',
      'POST /api/v1/stream/create',
      'POST /api/v1/webhooks',
      'DELETE /api/v1/user/data',
      'GET /api/v1/user/export',
      'POST /api/v1/user/anonymize',
      'POST /api/v1/realtime/ticket',
    ]) {
      expect(paths).toContain(documented);
    }
    expect(paths.some((p) => p.includes('/billing/') || p.includes('/auth/') || p.includes('provider-callback') || p.includes('client-logs'))).toBe(false);
    expect(reference.map((g) => g.tag)[0]).toBe('radio');
  });

  it('gives each operation its parameters and body fields, and whether a read-only key may call it', () => {
    expect(op('listStations').fields.map((f) => [f.name, f.in, f.required])).toEqual([
      ['country', 'query', false],
      ['genre', 'query', false],
      ['q', 'query', false],
    ]);
    expect(op('createPlaylist').fields.find((f) => f.name === 'name')).toMatchObject({ in: 'body', type: 'string', required: true });
    expect(op('getRecommendations').fields.find((f) => f.name === 'seed_artists')).toMatchObject({ in: 'query', required: true });
    expect([op('listStations').readOnlyKey, op('createPlaylist').readOnlyKey, op('createRealtimeTicket').readOnlyKey]).toEqual([true, false, true]);
    expect([op('listStations').authenticated, op('createPlaylist').authenticated]).toEqual([false, true]);
  });

  it('writes runnable curl and TypeScript examples with the documented values', () => {
    expect(op('listStations').curl).toBe('curl "https://radio.example/api/v1/radio/stations?country=pl" \\\n  -H "Authorization: Bearer $GROUAROCK_API_KEY"');
    expect(op('getNowPlaying').curl).toContain('https://radio.example/api/v1/radio/fip-rock/nowplaying');
    expect(op('createPlaylist').curl).toBe(
      'curl -X POST "https://radio.example/api/v1/user/playlists" \\\n  -H "Authorization: Bearer $GROUAROCK_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"name":"Polski punk na drogę"}\'',
    );
    expect(op('createPlaylist').typescript).toContain("import { apiClient, createPlaylist } from '@grouarock/api-client';");
    expect(op('createPlaylist').typescript).toContain('await createPlaylist({ body: {"name":"Polski punk na drogę"}, throwOnError: true });');
    expect(op('getRecommendations').typescript).toContain('query: {"seed_artists":"Dezerter,KSU"}');
  });
});

describe('the cost calculator', () => {
  const startup = { base: 49, included: 10_000, extraPerRequest: 0.04 };
  it('adds the base, the requests beyond the included ones and the streaming', () => {
    expect(apiCost(startup, 25_000, 10, 0.2)).toBe(651);
    expect(apiCost(startup, 5_000, 0, 0.2)).toBe(49);
    expect(apiCost({ base: 0, included: 1_000, extraPerRequest: 0.05 }, 1_500, 2.5, 0.2)).toBe(25.5);
    expect(apiCost({ base: 999, included: 1_000_000, extraPerRequest: 0.001 }, 3_000_000, 0, 0.2)).toBe(2999);
  });

  it('counts anything that is not a number as 0', () => {
    expect(['abc', '', '-5', 'NaN', 'Infinity'].map(numberInput)).toEqual([0, 0, 0, 0, 0]);
    expect(['25000', '25 000', '2,5', ' 10 '].map(numberInput)).toEqual([25_000, 25_000, 2.5, 10]);
  });
});
