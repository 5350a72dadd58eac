import type { Locale } from '@grouarock/i18n';
import { fold } from './text';

/**
 * Which of our languages (Polish, English, Dutch) a question is written in, without a model
 * (docs/assistant.md, "Language"): words with Polish letters and curated marker words (the short
 * function words and question words each language cannot do without, and the product's own words) and a few
 * spellings only one of the three has (Polish cz/sz/rz, Dutch ij, English -ing, wh-) are weighed. A question with no
 * marker, or as many for two languages, is undecided: the caller falls back to the conversation's language, then the
 * page's.
 */

const POLISH_LETTERS = /[ąćęłńóśźż]/i;

/** Marker words, folded; a word shared by two languages counts half for each. */
const MARKERS: Record<Locale, string> = {
  pl: `co czy jak jaki jaka jakie jakich gdzie kiedy ile teraz jest sa nie tak mam moge mozna musze sie w z ze na do dla
    od po przez prosze mi mnie moje moj twoj ktore ktory ktora tym tego ten ta to tu czesc hej witaj siema dzien dobry
    stacje stacja stacji stacjach radiu gra graja gral leci utwor piosenka koncerty koncert wydarzenia bilety ceny
    kosztuje nagrac nagrywac nagrywanie nagranie mikser miksera nadawac nadaje nadawanie zrobic dziala uzywac
    obecnie aktualnie polecisz macie jestes bez reklam reklamy konto playlisty`,
  en: `the what whats how is are am was do does did can could would should i you your my me to from of on in at with
    and or which where when who why there this that these those any some please tell show much many cost costs free
    hello hi hey playing play plays now right stations station record recording streaming mixer work works
    use start go live key server going get find have has it its an a about currently song track for concerts events
    tickets festivals week`,
  nl: `wat hoe het een de niet ik je jij u uw mijn er nu zijn welke waar wanneer wie waarom kan kun kunnen mag moet van
    naar met voor op is in bij om ook dit dat deze die graag hallo hoi goedemorgen zenders zender speelt spelen speel
    hoeveel kost kosten gratis opnemen neem uitzending uitzenden streamen live mengpaneel werkt gebruik gebruiken
    beginnen sleutel momenteel liedje nummer hebben heb hebt jullie concerten evenementen kaartjes deze week uit vanuit
    heeft zonder reclame abonnement abonnementen afspeellijst afspeellijsten wachtwoord gegevens luisteren verwijderen
    zware`,
};

const WEIGHTS = new Map<string, Partial<Record<Locale, number>>>();
for (const [locale, list] of Object.entries(MARKERS) as [Locale, string][]) {
  for (const word of list.split(/\s+/).filter(Boolean)) WEIGHTS.set(word, { ...WEIGHTS.get(word), [locale]: 1 });
}
for (const [word, weights] of WEIGHTS) {
  const shared = Object.keys(weights).length;
  if (shared > 1) WEIGHTS.set(word, Object.fromEntries(Object.keys(weights).map((l) => [l, 1 / shared])));
}

/** Spellings that belong to one language of the three (a hint, weaker than a marker word). */
const SPELLINGS: [RegExp, Locale][] = [
  [/cz|sz|rz|ych$|[^aeiou]ow$/, 'pl'],
  [/ij|^(?:ge|be|ver)[a-z]{3,}t$/, 'nl'],
  [/ing$|^wh|th/, 'en'],
];

/** The language of `text`, or null when it cannot be told. */
export function detectLanguage(text: string): Locale | null {
  // "what's" and "what is" are one marker; apostrophes inside words are dropped.
  const said = text
    .replace(/['’]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (POLISH_LETTERS.test(word) ? word : fold(word)));
  const score: Record<Locale, number> = { pl: 0, en: 0, nl: 0 };
  for (const word of said) {
    const weights = WEIGHTS.get(word);
    // A word with Polish letters counts for Polish like a marker: it may be only a name in an English or Dutch
    // question ("concerts in Kraków"), which that question's own markers then outweigh.
    if (POLISH_LETTERS.test(word)) score.pl += 1;
    else if (weights) for (const [locale, weight] of Object.entries(weights) as [Locale, number][]) score[locale] += weight;
    else for (const [spelling, locale] of SPELLINGS) if (spelling.test(word)) score[locale] += 0.5;
  }
  const [first, second] = (Object.entries(score) as [Locale, number][]).sort((a, b) => b[1] - a[1]);
  return first[1] > 0 && first[1] > second[1] ? first[0] : null;
}
