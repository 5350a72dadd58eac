import { hasItem, moved, sameTrack, shareUrl, stationCount, stationsOf, toInputs, without } from './playlist-items';

const station = (id: string) => ({ type: 'station' as const, station: { id, name: id.toUpperCase() } as never });
const track = (id: string) => ({ type: 'track' as const, track: { id, artist: 'KSU', title: id } as never });

describe('playlist entries', () => {
  const items = [station('a'), track('t1'), station('b')];

  it('turns entries into what PATCH takes, in order', () => {
    expect(toInputs(items)).toEqual([
      { type: 'station', id: 'a' },
      { type: 'track', id: 't1' },
      { type: 'station', id: 'b' },
    ]);
  });

  it('moves an entry one place up or down, and not past either end', () => {
    expect(toInputs(moved(items, 2, -1)).map((i) => i.id)).toEqual(['a', 'b', 't1']);
    expect(toInputs(moved(items, 0, 1)).map((i) => i.id)).toEqual(['t1', 'a', 'b']);
    expect(toInputs(moved(items, 0, -1)).map((i) => i.id)).toEqual(['a', 't1', 'b']);
    expect(toInputs(moved(items, 2, 1)).map((i) => i.id)).toEqual(['a', 't1', 'b']);
    expect(toInputs(without(items, 1)).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('counts and plays only the stations, in order', () => {
    expect(stationCount(items)).toBe(2);
    expect(stationsOf({ items } as never).map((s) => s.id)).toEqual(['a', 'b']);
    expect(hasItem({ items } as never, { type: 'station', id: 'b' })).toBe(true);
    expect(hasItem({ items } as never, { type: 'track', id: 'b' })).toBe(false);
  });

  it('takes spellings that differ in case, accents and spaces for the same track', () => {
    expect(sameTrack({ artist: 'Dżem', title: 'Whisky  moja żono' }, { artist: 'DZEM', title: 'whisky moja zono' })).toBe(true);
    expect(sameTrack({ artist: 'Dżem', title: 'Whisky' }, { artist: 'Dżem', title: 'List do M.' })).toBe(false);
  });

  it('shares a playlist by its page', () => {
    expect(shareUrl('https://grouarock.example', 'p-1')).toBe('https://grouarock.example/playlists/p-1');
  });
});
