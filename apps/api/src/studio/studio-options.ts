import { STUDIO_GENRES, type StudioGenre } from '@grouarock/music-generator';

/** The lengths the form offers, and the seconds each makes (the middle of its range; 5+ min makes 5:30). */
export const TRACK_LENGTHS = ['30s', '1-2min', '3-4min', '5min+'] as const;
export type TrackLength = (typeof TRACK_LENGTHS)[number];
export const LENGTH_SECONDS: Readonly<Record<TrackLength, number>> = { '30s': 30, '1-2min': 90, '3-4min': 210, '5min+': 330 };
/** Lengths only plans with long tracks may ask for. */
export const PREMIUM_LENGTHS: readonly TrackLength[] = ['5min+'];

/**
 * The studio's tool cards (the spec's providers): each request names one. The premium ones need a plan with premium
 * studio tools. Whatever the card, a track is made by the configured Suno-compatible provider, or else by the built-in
 * generator, and says which.
 */
export const STUDIO_TOOLS = ['suno', 'soundful', 'aiva', 'bandlab'] as const;
export type StudioTool = (typeof STUDIO_TOOLS)[number];
export const PREMIUM_TOOLS: readonly StudioTool[] = ['aiva', 'bandlab'];

export const DEFAULT_TITLE = 'AI Generated Track';
export const DEFAULT_GENRE: StudioGenre = 'hard-rock';
export const DEFAULT_LENGTH: TrackLength = '30s';
export const PROMPT_MAX = 500;
export { STUDIO_GENRES };

/** Every track's artist, as the spec's generated track names it. */
export const TRACK_ARTIST = 'AI Generated';
