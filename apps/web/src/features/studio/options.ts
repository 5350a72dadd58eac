import type { StudioGenre, StudioTool, TrackLength } from './api/studio';

/** The form's genres and lengths, in the spec's order; the defaults are its Hard Rock and the free preview. */
export const GENRES: readonly StudioGenre[] = ['hard-rock', 'heavy-metal', 'progressive-rock', 'punk-rock', 'alternative-rock', 'grunge'];
export const LENGTHS: readonly TrackLength[] = ['30s', '1-2min', '3-4min', '5min+'];
export const DEFAULT_GENRE: StudioGenre = 'hard-rock';
export const DEFAULT_LENGTH: TrackLength = '30s';
/** The API's limits (studio.dto.ts). */
export const PROMPT_MAX = 500;
export const TITLE_MAX = 100;

/** The spec's tool cards: name, price per track, whether it needs Premium, the tool's own site. */
export interface ToolCard {
  id: StudioTool;
  name: string;
  /** Per track, in US dollars; null: only with a Premium plan (BandLab). */
  priceUsd: number | null;
  premium: boolean;
  url: string;
}

export const TOOLS: readonly ToolCard[] = [
  { id: 'suno', name: 'Suno AI', priceUsd: 1, premium: false, url: 'https://suno.com' },
  { id: 'soundful', name: 'Soundful', priceUsd: 0.5, premium: false, url: 'https://soundful.com' },
  { id: 'aiva', name: 'AIVA', priceUsd: 2, premium: true, url: 'https://www.aiva.ai' },
  { id: 'bandlab', name: 'BandLab', priceUsd: null, premium: true, url: 'https://www.bandlab.com' },
];

/** Example descriptions for the library's samples (texts in the studio dictionary), each with its genre. */
export const SAMPLES: readonly { n: 1 | 2 | 3 | 4; genre: StudioGenre }[] = [
  { n: 1, genre: 'punk-rock' },
  { n: 2, genre: 'heavy-metal' },
  { n: 3, genre: 'grunge' },
  { n: 4, genre: 'progressive-rock' },
];

/** The spec's polling: the first check after 10 s, then every 5 s, at most 60 checks. */
export const POLL_FIRST_MS = 10_000;
export const POLL_EVERY_MS = 5_000;
export const POLL_MAX = 60;

/** About how long a length takes to make here, for the progress bar (it waits at 95 % for the real end). */
export const EXPECTED_SECONDS: Readonly<Record<TrackLength, number>> = { '30s': 5, '1-2min': 12, '3-4min': 25, '5min+': 40 };

/** m:ss */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
