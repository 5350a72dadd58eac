import { concertYear, featuredConcerts, watchUrl } from './featured-concerts';

describe('featured concerts', () => {
  it('are the spec\'s 7 entries with unique ids and real calendar dates', () => {
    expect(featuredConcerts).toHaveLength(7);
    expect(new Set(featuredConcerts.map((c) => c.id)).size).toBe(7);
    for (const { date } of featuredConcerts) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    }
    expect(featuredConcerts[0]).toMatchObject({ artist: 'Nirvana', title: 'Live at Reading', date: '1992-08-30' });
  });

  it('watch links search YouTube for the artist and the recording, encoded', () => {
    expect(watchUrl({ artist: 'Ramones', title: "It's Alive & well?" })).toBe(
      "https://www.youtube.com/results?search_query=Ramones%20It's%20Alive%20%26%20well%3F",
    );
  });

  it('the year comes from the date as written', () => {
    expect(concertYear({ date: '1977-12-31' })).toBe('1977');
  });
});
