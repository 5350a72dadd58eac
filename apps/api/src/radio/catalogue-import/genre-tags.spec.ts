import { genreOfTag, genresOfTags } from './genre-tags';

describe('genre tags', () => {
  it.each([
    ['punk rock', 'punk'],
    ['Polish Punk', 'punk'],
    ['heavy metal', 'metal'],
    ['hard rock', 'hard-rock'],
    ['classic rock', 'classic-rock'],
    ['rock polski', 'rock'],
    ['alternative rock', 'alternative'],
    ['grunge', 'alternative'],
    ['indie rock', 'indie'],
    ['pop', 'pop'],
    ['news', null],
  ])('%j is %j', (tag, genre) => expect(genreOfTag(tag)).toBe(genre));

  it('keeps the tags order without repeats, at most four', () => {
    expect(genresOfTags(['punk', 'punk rock', 'rock', 'metal', 'jazz', 'blues'], 'rock')).toEqual(['punk', 'rock', 'metal', 'jazz']);
  });

  it('falls back to the tag the station was found by, then to eclectic', () => {
    expect(genresOfTags(['polska', 'news'], 'punk')).toEqual(['punk']);
    expect(genresOfTags([''], 'polska')).toEqual(['eclectic']);
  });
});
