import { fold, words } from './text';

/**
 * The names people use for what the catalogue holds, in Polish (with its case forms), English and Dutch, as folded
 * word prefixes: "Niemiec", "niemieckie", "Germany" → de; "metalowe", "heavy" → metal.
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

/** Catalogue genres by the words for them (prefixes; exact words for the short and ambiguous ones). */
const GENRE_PREFIXES: Record<string, { prefixes?: string[]; exact?: string[] }> = {
  metal: { prefixes: ['metal', 'heavy'] },
  punk: { prefixes: ['punk'] },
  jazz: { prefixes: ['jazz', 'dzez'] },
  blues: { prefixes: ['blues'] },
  electronic: { prefixes: ['elektro', 'electro', 'electronic', 'techno'] },
  pop: { exact: ['pop', 'popowe', 'popowa', 'popowych', 'popem', 'popu'] },
  alternative: { prefixes: ['alternat'] },
  indie: { prefixes: ['indie'] },
  eclectic: { prefixes: ['eklekt', 'eclect'] },
  'hard-rock': { prefixes: ['hardrock'], exact: ['hard'] },
  'classic-rock': { prefixes: ['klasycz', 'classic', 'klasyk'] },
  rock: { prefixes: ['rock'] },
};

function matches(word: string, rule: { prefixes?: string[]; exact?: string[] }): boolean {
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
 * The genres a text names. "rock" alone is a genre only when nothing more precise is named with it
 * ("klasyczny rock" is classic-rock, "hard rock" hard-rock).
 */
export function genresIn(text: string): string[] {
  const found = new Set<string>();
  for (const word of words(text)) for (const [genre, rule] of Object.entries(GENRE_PREFIXES)) if (matches(word, rule)) found.add(genre);
  if (found.has('rock') && (found.has('classic-rock') || found.has('hard-rock'))) found.delete('rock');
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
