/**
 * Polish-aware text for matching (docs/assistant.md, "Built-in"): lower case, diacritics folded (ą→a … and ł→l,
 * which Unicode does not decompose), words split on anything that is not a letter or digit, stop words dropped,
 * and each word cut to its first 5 letters, which is stemming enough for Polish case forms
 * (koncert, koncerty, koncertów → konce; Krakowie, Kraków → krako).
 */

import { foldText } from '@grouarock/i18n';

/** Lower case without diacritics: "Łódź, żółć" → "lodz, zolc". */
export const fold = foldText;

/** Polish, English and Dutch words that carry no meaning for a question (after folding). */
const STOP_WORDS = new Set(
  `a aby albo ale bo by byc czy dla do gdzie i ich ile im in jak jaka jakie jaki jakis jest je jego jej ja juz lub ma mam
  mi mnie moge moze mozna na nad nam nas nie niech o od oraz po pod prosze przez sa sie sobie ta tak tam te tego ten to
  tu ty u w we wiec z za ze zeby co czego kto ktore ktory ktora
  the a an is are am be do does did of to in on at for with and or what which who how can could i me my you your it its
  there this that these those please tell about any some
  will would should be been was were has have had
  de het een van en ik je wat welke hoe is zijn op in voor met er wordt worden werd ben bent heb hebt heeft hebben
  kan kun mag moet wil mijn jouw uw ons onze jullie jij u ze zij hij we wij dit dat deze die niet geen nog al wel dan
  als maar of aan tot over om bij ook wie waar wanneer welk weer`.split(/\s+/),
);

export function isStopWord(folded: string): boolean {
  return STOP_WORDS.has(folded);
}

/** The meaningful words of a text, folded, stop words out. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP_WORDS.has(w));
}

/** A word's stem: its first 5 letters. */
export function stem(word: string): string {
  return word.slice(0, 5);
}

/** The stems of a text's meaningful words. */
export function stems(text: string): string[] {
  return words(text).map(stem);
}
