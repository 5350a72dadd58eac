import { searchStations } from './station-search';

const stations = [
  { id: 'rock', name: 'Radio Złote Przeboje', country: { name: 'Polska' }, genres: ['rock'] },
  { id: 'punk', name: 'Punk 24', country: { name: 'United Kingdom' }, genres: ['punk'] },
  { id: 'jazz', name: 'Jazz FM', country: { name: 'France' }, genres: ['jazz', 'blues'] },
];

describe('searchStations', () => {
  it('returns everything for an empty query', () => {
    expect(searchStations(stations, '  ')).toHaveLength(3);
  });

  it('matches name, country and genre, ignoring case and accents', () => {
    expect(searchStations(stations, 'zlote').map((s) => s.id)).toEqual(['rock']);
    expect(searchStations(stations, 'BLUES').map((s) => s.id)).toEqual(['jazz']);
    expect(searchStations(stations, 'united punk').map((s) => s.id)).toEqual(['punk']);
    expect(searchStations(stations, 'metal')).toEqual([]);
  });
});
