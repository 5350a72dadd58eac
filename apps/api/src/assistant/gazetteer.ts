import { GENRES, type Genre } from '../repositories/schema/station-definition';
import { fold, words } from './text';

/**
 * The names people use for what the catalogue holds, in Polish (with its case forms), English and Dutch, as folded
 * word prefixes: "Niemiec", "niemieckie", "Germany" → de; "metalowe", "metal" → metal.
 */
const COUNTRY_PREFIXES: Record<string, string[]> = {
  pl: ['polsk', 'polsc', 'poland', 'polish', 'polen', 'pools'],
  de: ['niemc', 'niemi', 'german', 'duits', 'deutsch'],
  gb: ['brytan', 'brytyj', 'angli', 'angiel', 'britain', 'british', 'england', 'engels', 'uk', 'gb'],
  nl: ['holand', 'holend', 'niderl', 'netherl', 'dutch', 'neder', 'holland'],
  fr: ['francj', 'francu', 'francji', 'france', 'french', 'frankrijk', 'frans'],
  es: ['hiszpan', 'spain', 'spanish', 'spanj', 'spaans'],
  pt: ['portug'],
  be: ['belgi', 'belgian', 'belgisch'],
  us: ['usa', 'ameryk', 'americ', 'amerik', 'stanow', 'stany'],
};

/**
 * Catalogue genres (GENRES of station-definition.ts) by the words for them in Polish, English and Dutch: prefixes,
 * and exact words for the short and ambiguous ones ("pop", not "popularne").
 */
const GENRE_WORDS: Record<Genre, WordRule> = {
  metal: { prefixes: ['metal', 'thrash'] },
  punk: { prefixes: ['punk', 'hardcor'] },
  jazz: { prefixes: ['jazz', 'dzez'] },
  blues: { prefixes: ['blues'] },
  electronic: { prefixes: ['elektro', 'electro', 'electronic', 'techno'] },
  pop: { exact: ['pop', 'popowe', 'popowa', 'popowy', 'popowych', 'popem', 'popu'] },
  alternative: { prefixes: ['alternat', 'grunge'] },
  indie: { prefixes: ['indie'] },
  eclectic: { prefixes: ['eklekt', 'eclect'] },
  'hard-rock': { prefixes: ['hardrock'] },
  'classic-rock': { prefixes: ['klasycz', 'classic', 'klasyk'] },
  rock: { prefixes: ['rock'] },
};

/**
 * Words for the heavier end of rock, which the catalogue files as hard rock and metal: "ciężki rock", "ciężkie
 * brzmienia", "coś cięższego", "heavy rock", "zware rock". Not "ciężko" (hard to do).
 */
const HEAVY: WordRule = { prefixes: ['ciezki', 'ciezka', 'ciezsz', 'heavy', 'heavie', 'zwaar', 'zware'] };

/** Words that say heavy only about music ("mocne brzmienia", "ostry rock", "stevige rock"), not "mocne hasło". */
const HEAVY_WITH_MUSIC: WordRule = {
  exact: ['mocny', 'mocne', 'mocnego', 'mocnym', 'mocniejsze', 'mocniejszego', 'mocniejszy', 'ostry', 'ostre', 'ostrego', 'ostrym', 'ostrzejsze', 'ostrzejszego'],
  prefixes: ['stevig'],
};

/** "Hard" is hard rock only next to a word for music ("hard rock", "harde rock"), not in "is it hard to record". */
const HARD_WITH_MUSIC: WordRule = { exact: ['hard', 'harde', 'hardere', 'harder'] };

/** Words for music, which make the words above genre words. */
const MUSIC: WordRule = { prefixes: ['rock', 'brzmie', 'granie', 'grania', 'muzyk', 'muzyc', 'music', 'muziek', 'sound', 'gitar', 'guitar'] };

interface WordRule {
  prefixes?: string[];
  exact?: string[];
}

function matches(word: string, rule: WordRule): boolean {
  return (rule.exact ?? []).includes(word) || (rule.prefixes ?? []).some((p) => word.startsWith(p));
}

/** The country codes a text names. */
export function countriesIn(text: string): string[] {
  const found = new Set<string>();
  for (const word of words(text)) {
    for (const [code, prefixes] of Object.entries(COUNTRY_PREFIXES)) if (prefixes.some((p) => (p.length <= 3 ? word === p : word.startsWith(p)))) found.add(code);
  }
  return [...found];
}

/**
 * The catalogue's genres a text names (docs/assistant.md, "Genre words"). "Heavy" words name hard rock and metal
 * ("ciężki rock", "zware rock"), or metal alone when metal is named too ("heavy metal"). "rock" alone is a genre only
 * when nothing more precise is named with it ("klasyczny rock" is classic-rock, "hard rock" hard-rock, "punk rock"
 * punk).
 */
export function genresIn(text: string): Genre[] {
  const said = words(text);
  const music = said.some((w) => matches(w, MUSIC));
  const found = new Set<Genre>();
  let heavy = false;
  for (const word of said) {
    if (matches(word, HEAVY) || (music && matches(word, HEAVY_WITH_MUSIC))) heavy = true;
    if (music && matches(word, HARD_WITH_MUSIC)) found.add('hard-rock');
    for (const genre of GENRES) if (matches(word, GENRE_WORDS[genre])) found.add(genre);
  }
  if (heavy && !found.has('metal')) found.add('hard-rock').add('metal');
  if (found.has('rock') && (found.has('classic-rock') || found.has('hard-rock') || found.has('punk'))) found.delete('rock');
  return [...found];
}

/** Whether every word of `name` (folded) stands in `text` as a word, e.g. "Radio BOB! Metal" in "co gra w radio bob metal". */
export function namesIn<T>(text: string, items: readonly T[], nameOf: (item: T) => string): T[] {
  const said = ` ${fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ')} `;
  const hits = items.filter((item) => {
    const name = fold(nameOf(item)).split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ');
    return name.length > 1 && said.includes(` ${name} `);
  });
  // The longest names win: "Radio BOB! Metal" rather than "Radio BOB!" as well.
  return hits.filter((a) => !hits.some((b) => b !== a && fold(nameOf(b)).includes(fold(nameOf(a))) && nameOf(b).length > nameOf(a).length));
}
