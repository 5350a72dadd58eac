/** What a prompt's words ask of the track: faster or slower, darker or brighter, a solo. */
export interface PromptTraits {
  tempo: number;
  mode?: 'minor' | 'major';
  /** Extra semitones down (a heavier, darker sound). */
  tuningDown: number;
  solo: boolean;
}

/** Lower case with Polish letters folded to ASCII, so "Mroczny", "mroczna" and "MROCZNĄ" all match "mroczn". */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** Word stems (Polish and English) and what they change. */
const LEXICON: readonly { stems: readonly string[]; apply: (traits: PromptTraits) => void }[] = [
  { stems: ['szybk', 'fast', 'energet', 'wsciek', 'furious', 'thrash'], apply: (t) => (t.tempo *= 1.15) },
  { stems: ['woln', 'slow', 'ballad', 'spokojn', 'calm'], apply: (t) => (t.tempo *= 0.8) },
  { stems: ['mroczn', 'ciezk', 'dark', 'heavy', 'ponur', 'gloom'], apply: (t) => ((t.mode = 'minor'), (t.tuningDown += 1)) },
  { stems: ['wesol', 'happy', 'radosn', 'joy', 'sloneczn', 'sunny'], apply: (t) => (t.mode = 'major') },
  { stems: ['solo', 'gitarow', 'shred'], apply: (t) => (t.solo = true) },
];

/** The traits of a prompt: every matching word applies once. */
export function promptTraits(prompt: string): PromptTraits {
  const traits: PromptTraits = { tempo: 1, tuningDown: 0, solo: false };
  const words = fold(prompt).split(/[^a-z0-9]+/).filter(Boolean);
  for (const entry of LEXICON) {
    if (words.some((word) => entry.stems.some((stem) => word.startsWith(stem)))) entry.apply(traits);
  }
  return traits;
}
