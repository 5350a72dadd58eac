import type { Genre } from '../../repositories/schema/station-definition';

/**
 * A directory tag's genre: the first rule whose words the tag contains wins, so "punk rock" is punk, "hard rock"
 * hard-rock and "rock polski" rock. Polish, German and Dutch spellings the directory uses are included.
 */
const RULES: Array<[Genre, RegExp]> = [
  ['punk', /punk|hardcore|\boi\b|ska-punk/],
  ['metal', /metal|thrash|doom|grindcore|metalcore/],
  ['hard-rock', /hard ?rock|heavy rock/],
  ['classic-rock', /classic ?rock|rock classics|oldies rock|klasyka rocka|classic hits rock|70s rock|80s rock/],
  ['alternative', /alternati|grunge|post-rock|new wave/],
  ['indie', /indie/],
  ['blues', /blues/],
  ['jazz', /jazz|swing|bebop/],
  ['rock', /rock/],
  ['electronic', /electro|techno|house|trance|ambient|drum and bass|dnb|edm|dance/],
  ['pop', /\bpop\b|top 40|hits/],
  ['eclectic', /eclectic|variety|freeform|college|student|akadem|studenck/],
];

export function genreOfTag(tag: string): Genre | null {
  const text = tag.trim().toLowerCase();
  return RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * A station's genres from its tags, in the tags' order (the directory's first tag is usually the main one), at most
 * four; `fallback` (the tag it was found by) when none of its tags says a genre.
 */
export function genresOfTags(tags: string[], fallback: string): Genre[] {
  const genres = [...new Set(tags.map(genreOfTag).filter((genre): genre is Genre => genre !== null))].slice(0, 4);
  if (genres.length) return genres;
  return [genreOfTag(fallback) ?? 'eclectic'];
}
