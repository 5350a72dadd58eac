import { ArrayNotEmpty, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { IsHttpUrl, IsNonBlankString, parseEntries, readJsonFile } from '../repositories/operator-file';
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

/** Absent and null both mean "not given" for an optional field. */
const Optional = () => ValidateIf((_, value: unknown) => value !== undefined && value !== null);

/** A station as an operator writes it in the catalogue file. */
class StationEntry {
  @Matches(SLUG, { message: 'id must be a lowercase slug ([a-z0-9-], at most 64 characters)' })
  @MaxLength(64, { message: 'id must be a lowercase slug ([a-z0-9-], at most 64 characters)' })
  id!: string;

  @IsNonBlankString(128)
  name!: string;

  @Matches(/^[a-z]{2}$/, { message: 'country must be a two-letter lowercase country code' })
  country!: string;

  @ArrayNotEmpty({ message: `genres must be a non-empty list of: ${GENRES.join(', ')}` })
  @IsIn(GENRES, { each: true, message: `genres must be a non-empty list of: ${GENRES.join(', ')}` })
  genres!: Genre[];

  @IsHttpUrl({ message: 'streamUrl must be an http(s) URL' })
  streamUrl!: string;

  @Optional()
  @IsHttpUrl({ message: 'homepage must be an http(s) URL' })
  homepage?: string | null;

  @Optional()
  @IsHttpUrl({ message: 'logoUrl must be an http(s) URL' })
  logoUrl?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  @Optional()
  @IsIn(['mp3', 'aac'], { message: 'codec must be "mp3" or "aac"' })
  codec?: 'mp3' | 'aac' | null;

  @Optional()
  @ValidateBy(
    { name: 'isProgram', validator: { validate: (value) => typeof value === 'object' && Object.values(value as object).every((v) => typeof v === 'string') } },
    { message: 'program must be an object of strings { artist, title, program }' },
  )
  program?: ProgramData | null;

  @Optional()
  @IsString({ message: 'description must be a string of at most 1000 characters' })
  @MaxLength(1000, { message: 'description must be a string of at most 1000 characters' })
  description?: string | null;

  @Optional()
  @IsString({ message: 'gradient must be a string of at most 256 characters' })
  @MaxLength(256, { message: 'gradient must be a string of at most 256 characters' })
  gradient?: string | null;
}

/** Checks every entry; throws a CatalogueError naming the first bad one (its index and id) and what is wrong. */
export function parseCatalogue(raw: unknown, source: string): StationDefinition[] {
  return parseEntries(raw, {
    source,
    fail,
    what: 'stations',
    nonEmpty: true,
    entry: StationEntry,
    keep: (entry) => ({
      name: entry.name.trim(),
      country: entry.country,
      genres: entry.genres,
      streamUrl: entry.streamUrl,
      homepage: entry.homepage ?? null,
      description: entry.description ?? null,
      gradient: entry.gradient ?? DEFAULT_GRADIENT,
      logoUrl: entry.logoUrl ?? null,
      featured: entry.featured ?? false,
      codec: entry.codec ?? null,
      program: entry.program ?? null,
    }),
  });
}

/** The built-in catalogue, or STATIONS_FILE when set. */
export function loadCatalogue(stationsFile?: string): StationDefinition[] {
  if (!stationsFile) return parseCatalogue(builtIn, 'the built-in catalogue');
  const source = `STATIONS_FILE (${stationsFile})`;
  return parseCatalogue(readJsonFile(stationsFile, source, fail), source);
}
