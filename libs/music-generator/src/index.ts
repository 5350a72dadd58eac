export { GENERATOR_VERSION, generateTrack, type Track, type TrackOptions } from './generate';
export { GENRE_PRESETS, STUDIO_GENRES, type GenrePreset, type StudioGenre } from './genres';
export { promptTraits, type PromptTraits } from './prompt';
export type { Section, SectionName } from './arrangement';
