import { ArrayNotEmpty, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { IsHttpUrl, IsNonBlankString, isHttpUrl, parseEntries, readJsonFile } from '../repositories/operator-file';
import builtIn from './catalogue/stations.json';
import { GENRES, STATION_PLANS, STREAM_CODECS, LOSSLESS_CODECS, BITRATE_RANGE, type Genre, type StationPlan, type StreamCodec, type LosslessCodec, type HighQualityStream, type LosslessStream, type ProgramData, type StationDefinition } from '../repositories/schema/station-definition';

/** A catalogue that cannot be used; the message names the file and the entry. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

const DEFAULT_GRADIENT = 'linear-gradient(135deg, #E0102A 0%, #17151B 100%)';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const fail = (message: string): CatalogueError => new CatalogueError(message);

export function isBitrate(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= BITRATE_RANGE.min && (value as number) <= BITRATE_RANGE.max;
}

const BITRATE_RULE = `a whole number of kbit/s from ${BITRATE_RANGE.min} to ${BITRATE_RANGE.max}`;
const HQ_RULE = `hq must be an object { streamUrl: an http(s) URL of at most 1024 characters, bitrate: ${BITRATE_RULE}, codec: "mp3" or "aac" } (a FLAC stream goes in lossless)`;

/** What is wrong with an entry's `hq`, or null; its bitrate must beat the standard stream's when both are known. */
function hqProblem(value: unknown, entry: { bitrate?: unknown; streamUrl?: unknown }): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return HQ_RULE;
  const hq = value as Record<string, unknown>;
  const extra = Object.keys(hq).filter((key) => !['streamUrl', 'bitrate', 'codec'].includes(key));
  if (extra.length || !isHttpUrl(hq.streamUrl, 1024) || !isBitrate(hq.bitrate) || !STREAM_CODECS.includes(hq.codec as StreamCodec)) return HQ_RULE;
  if (hq.streamUrl === entry.streamUrl) return 'hq.streamUrl must differ from streamUrl';
  if (isBitrate(entry.bitrate) && hq.bitrate <= entry.bitrate) return 'hq.bitrate must be higher than bitrate';
  return null;
}

const LOSSLESS_RULE = 'lossless must be an object { streamUrl: an http(s) URL of at most 1024 characters, codec: "flac" }';

/** What is wrong with an entry's `lossless`, or null: its URL must be neither of the station's other streams. */
function losslessProblem(value: unknown, entry: { streamUrl?: unknown; hq?: unknown }): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return LOSSLESS_RULE;
  const lossless = value as Record<string, unknown>;
  const extra = Object.keys(lossless).filter((key) => !['streamUrl', 'codec'].includes(key));
  if (extra.length || !isHttpUrl(lossless.streamUrl, 1024) || !LOSSLESS_CODECS.includes(lossless.codec as LosslessCodec)) return LOSSLESS_RULE;
  if (lossless.streamUrl === entry.streamUrl) return 'lossless.streamUrl must differ from streamUrl';
  if (lossless.streamUrl === (entry.hq as { streamUrl?: unknown } | null | undefined)?.streamUrl) return 'lossless.streamUrl must differ from hq.streamUrl';
  return null;
}

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
  @IsIn(STREAM_CODECS, { message: 'codec must be "mp3" or "aac" (a FLAC stream goes in lossless)' })
  codec?: StreamCodec | null;

  @Optional()
  @ValidateBy({ name: 'isBitrate', validator: { validate: isBitrate } }, { message: `bitrate must be ${BITRATE_RULE}` })
  bitrate?: number | null;

  @Optional()
  @ValidateBy(
    { name: 'isHighQualityStream', validator: { validate: (value, args) => hqProblem(value, args?.object as StationEntry) === null } },
    { message: (args) => hqProblem(args.value, args.object as StationEntry) ?? HQ_RULE },
  )
  hq?: HighQualityStream | null;

  @Optional()
  @ValidateBy(
    { name: 'isLosslessStream', validator: { validate: (value, args) => losslessProblem(value, args?.object as StationEntry) === null } },
    { message: (args) => losslessProblem(args.value, args.object as StationEntry) ?? LOSSLESS_RULE },
  )
  lossless?: LosslessStream | null;

  @Optional()
  @IsIn(STATION_PLANS, { message: 'plan must be "basic" or "premium"' })
  plan?: StationPlan | null;

  @Optional()
  @IsNonBlankString(512)
  source?: string | null;

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
      bitrate: entry.bitrate ?? null,
      hq: entry.hq ? { streamUrl: entry.hq.streamUrl, bitrate: entry.hq.bitrate, codec: entry.hq.codec } : null,
      lossless: entry.lossless ? { streamUrl: entry.lossless.streamUrl, codec: entry.lossless.codec } : null,
      plan: entry.plan ?? 'basic',
      source: entry.source?.trim() ?? null,
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
