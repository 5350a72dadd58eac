/** The studio's genres (the spec's form: Hard Rock, Heavy Metal, Progressive Rock, Punk Rock, Alternative Rock, Grunge). */
export const STUDIO_GENRES = ['hard-rock', 'heavy-metal', 'progressive-rock', 'punk-rock', 'alternative-rock', 'grunge'] as const;
export type StudioGenre = (typeof STUDIO_GENRES)[number];

/** How a genre is played: tempo, harmony, the drummer's feel and the guitars' sound. */
export interface GenrePreset {
  name: string;
  bpm: readonly [min: number, max: number];
  mode: 'minor' | 'major';
  /** Chord roots as scale degrees (0 = the key's root), one per bar, for verse and chorus. */
  verse: readonly (readonly number[])[];
  chorus: readonly (readonly number[])[];
  /** Eighth notes on the hats (rock), sixteenths with double kick (metal), or a driving eighth-note kick (punk). */
  feel: 'rock' | 'metal' | 'punk' | 'halftime';
  /** Guitar drive (1 = crunch, 3 = high gain) and whether the verse riff is palm-muted. */
  drive: number;
  palmMuted: boolean;
  /** Semitones below E standard (drop tunings). */
  tuningDown: number;
  /** How likely a lead line is over the choruses (a solo section has one anyway). */
  leadOverChorus: number;
}

export const GENRE_PRESETS: Record<StudioGenre, GenrePreset> = {
  'hard-rock': {
    name: 'hard rock',
    bpm: [110, 140],
    mode: 'minor',
    verse: [[0, 0, 6, 5], [0, 3, 6, 4]],
    chorus: [[0, 5, 6, 4], [3, 4, 0, 0]],
    feel: 'rock',
    drive: 2,
    palmMuted: false,
    tuningDown: 0,
    leadOverChorus: 0.4,
  },
  'heavy-metal': {
    name: 'heavy metal',
    bpm: [100, 170],
    mode: 'minor',
    verse: [[0, 0, 1, 0], [0, 0, 5, 6]],
    chorus: [[0, 5, 3, 6], [5, 6, 0, 0]],
    feel: 'metal',
    drive: 3,
    palmMuted: true,
    tuningDown: 2,
    leadOverChorus: 0.5,
  },
  'progressive-rock': {
    name: 'progressive rock',
    bpm: [90, 140],
    mode: 'minor',
    verse: [[0, 2, 5, 3], [0, 6, 5, 4]],
    chorus: [[5, 3, 0, 4], [5, 6, 0, 4]],
    feel: 'halftime',
    drive: 1.5,
    palmMuted: false,
    tuningDown: 0,
    leadOverChorus: 0.7,
  },
  'punk-rock': {
    name: 'punk rock',
    bpm: [165, 200],
    mode: 'major',
    verse: [[0, 3, 4, 4], [0, 0, 3, 4]],
    chorus: [[0, 4, 5, 3], [3, 4, 0, 0]],
    feel: 'punk',
    drive: 2.5,
    palmMuted: false,
    tuningDown: 0,
    leadOverChorus: 0.1,
  },
  'alternative-rock': {
    name: 'alternative rock',
    bpm: [100, 130],
    mode: 'major',
    verse: [[0, 5, 3, 4], [5, 3, 0, 4]],
    chorus: [[3, 0, 4, 5], [3, 4, 5, 5]],
    feel: 'rock',
    drive: 1.5,
    palmMuted: false,
    tuningDown: 0,
    leadOverChorus: 0.3,
  },
  grunge: {
    name: 'grunge',
    bpm: [90, 120],
    mode: 'minor',
    verse: [[0, 0, 2, 3], [0, 6, 3, 2]],
    chorus: [[0, 3, 5, 6], [0, 3, 6, 5]],
    feel: 'halftime',
    drive: 2.5,
    palmMuted: false,
    tuningDown: 2,
    leadOverChorus: 0.2,
  },
};
