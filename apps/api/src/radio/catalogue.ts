import { isHttpUrl, parseEntries, readJsonFile } from '../repositories/operator-file';
import builtIn from './catalogue/stations.json';

export const GENRES = ['rock', 'classic-rock', 'hard-rock', 'metal', 'punk', 'alternative', 'indie', 'blues', 'jazz', 'electronic', 'pop', 'eclectic'] as const;
export type Genre = (typeof GENRES)[number];

export interface ProgramData {
  artist?: string;
  title?: string;
  program?: string;
}

/** A station as the catalogue defines it, defaults applied. */
export interface StationDefinition {
  id: string;
  name: string;
  country: string;
  genres: Genre[];
  streamUrl: string;
  homepage: string | null;
  description: string | null;
  gradient: string | null;
  logoUrl: string | null;
  featured: boolean;
  codec: 'mp3' | 'aac' | null;
  program: ProgramData | null;
}

/** A catalogue that cannot be used; the message names the file and the entry. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

const DEFAULT_GRADIENT = 'linear-gradient(135deg, #E0102A 0%, #17151B 100%)';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const fail = (message: string): CatalogueError => new CatalogueError(message);

function optionalString(entry: Record<string, unknown>, key: string, max: number, problems: string[]): string | null {
  const value = entry[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) problems.push(`${key} must be a string of at most ${max} characters`);
  return typeof value === 'string' ? value : null;
}

/** Checks every entry; throws a CatalogueError naming the first bad one (its index and id) and what is wrong. */
export function parseCatalogue(raw: unknown, source: string): StationDefinition[] {
  return parseEntries(raw, {
    source,
    fail,
    what: 'stations',
    nonEmpty: true,
    idOf: (entry) => (typeof entry.id === 'string' && SLUG.test(entry.id) && entry.id.length <= 64 ? entry.id : null),
    idRule: 'id must be a lowercase slug ([a-z0-9-], at most 64 characters)',
    fields: stationFields,
  });
}

/** A station's fields other than its id, defaults applied; each problem found is pushed onto `problems`. */
function stationFields(entry: Record<string, unknown>, problems: string[]): Omit<StationDefinition, 'id'> {
  if (typeof entry.name !== 'string' || !entry.name.trim() || entry.name.length > 128) problems.push('name must be a non-empty string of at most 128 characters');
  if (typeof entry.country !== 'string' || !/^[a-z]{2}$/.test(entry.country)) problems.push('country must be a two-letter lowercase country code');
  const genres = entry.genres;
  if (!Array.isArray(genres) || genres.length === 0 || genres.some((g) => !(GENRES as readonly unknown[]).includes(g))) {
    problems.push(`genres must be a non-empty list of: ${GENRES.join(', ')}`);
  }
  if (!isHttpUrl(entry.streamUrl)) problems.push('streamUrl must be an http(s) URL');
  if (entry.homepage !== undefined && entry.homepage !== null && !isHttpUrl(entry.homepage)) problems.push('homepage must be an http(s) URL');
  if (entry.logoUrl !== undefined && entry.logoUrl !== null && !isHttpUrl(entry.logoUrl)) problems.push('logoUrl must be an http(s) URL');
  if (entry.featured !== undefined && typeof entry.featured !== 'boolean') problems.push('featured must be true or false');
  if (entry.codec !== undefined && entry.codec !== null && entry.codec !== 'mp3' && entry.codec !== 'aac') problems.push('codec must be "mp3" or "aac"');
  const program = entry.program;
  if (program !== undefined && program !== null && (typeof program !== 'object' || Object.values(program).some((v) => typeof v !== 'string'))) {
    problems.push('program must be an object of strings { artist, title, program }');
  }
  const description = optionalString(entry, 'description', 1000, problems);
  const gradient = optionalString(entry, 'gradient', 256, problems);
  return {
    name: typeof entry.name === 'string' ? entry.name.trim() : '',
    country: entry.country as string,
    genres: genres as Genre[],
    streamUrl: entry.streamUrl as string,
    homepage: (entry.homepage as string | undefined) ?? null,
    description,
    gradient: gradient ?? DEFAULT_GRADIENT,
    logoUrl: (entry.logoUrl as string | undefined) ?? null,
    featured: (entry.featured as boolean | undefined) ?? false,
    codec: (entry.codec as 'mp3' | 'aac' | undefined) ?? null,
    program: (program as ProgramData | undefined) ?? null,
  };
}

/** The built-in catalogue, or STATIONS_FILE when set. */
export function loadCatalogue(stationsFile?: string): StationDefinition[] {
  if (!stationsFile) return parseCatalogue(builtIn, 'the built-in catalogue');
  const source = `STATIONS_FILE (${stationsFile})`;
  return parseCatalogue(readJsonFile(stationsFile, source, fail), source);
}
