import { isBitrate } from '../catalogue';
import type { LosslessStream, StationDefinition, StationPlan, StreamCodec } from '../../repositories/schema/station-definition';
import { isHttpUrl } from '../../repositories/operator-file';
import { type AudioFormat, announcedFormat } from './audio-sniff';
import { genresOfTags } from './genre-tags';
import type { DirectorySearch, DirectoryStation } from './radio-browser';
import type { StreamVerdict } from './stream-check';

export interface ImportOptions {
  tags: string[];
  /** Upper-case ISO 3166-1 alpha-2 codes; stations of the first come first in the file. */
  countries: string[];
  minVotes: number;
  /** Directory codec names (MP3, AAC, …); empty for any. */
  codecs: string[];
  /** At most this many stations are kept (and asked of the directory per search). */
  limit: number;
  concurrency: number;
  plan?: StationPlan;
}

export interface Directory {
  search(query: DirectorySearch): Promise<DirectoryStation[]>;
}

export interface Checker {
  check(url: string): Promise<StreamVerdict>;
}

/** A catalogue entry as written to STATIONS_FILE (the fields the API reads, see catalogue.ts). */
export interface ImportedEntry {
  id: string;
  name: string;
  country: string;
  genres: string[];
  streamUrl: string;
  homepage?: string;
  codec: StreamCodec;
  bitrate?: number;
  /** The same station's FLAC stream, found as a directory entry of its own (see `attachLossless`). */
  lossless?: LosslessStream;
  plan?: StationPlan;
  source: string;
}

export interface Refusal {
  name: string;
  source: string;
  reason: string;
}

export interface ImportResult {
  found: number;
  kept: ImportedEntry[];
  refused: Refusal[];
  /** Stations that passed the directory's filters but were not opened: the limit was reached first. */
  unchecked: number;
}

interface Candidate {
  station: DirectoryStation;
  /** The tag the station was found by: its genre when its own tags name none. */
  tag: string;
}

const MAX_NAME = 128;
const MAX_HOMEPAGE = 512;

/**
 * The import (docs/radio-catalogue.md, "Importing stations"): asks the directory per tag and country, drops what the
 * options rule out and what repeats a station already taken (or one of `existing`, the file it merges into), opens
 * every remaining stream (a few at a time) until `limit` stations passed, and maps those to catalogue entries.
 */
export async function importStations(options: ImportOptions, directory: Directory, checker: Checker, existing: StationDefinition[] = []): Promise<ImportResult> {
  const found = await search(options, directory);
  const refused: Refusal[] = [];
  const refuse = (station: DirectoryStation, reason: string) => refused.push({ name: station.name.trim(), source: sourceOf(station), reason });
  const taken: Taken = { mergedSources: new Set(existing.map((s) => s.source)), mergedUrls: new Set(existing.map((s) => s.streamUrl)), urls: new Set(), names: new Set() };
  const candidates = found.filter(({ station }) => {
    const reason = ruledOut(station, options, taken);
    if (reason) refuse(station, reason);
    return !reason;
  });

  const verdicts = await checkInOrder(candidates, options, checker);
  const ids = new Set(existing.map((s) => s.id));
  const kept: ImportedEntry[] = [];
  const flac: DirectoryStation[] = [];
  candidates.forEach(({ station, tag }, index) => {
    const verdict = verdicts[index];
    if (!verdict) return;
    const codec = verdict.ok ? catalogueCodec(station.codec, verdict.format) : { reason: verdict.reason };
    if ('reason' in codec) return refuse(station, codec.reason);
    if (codec.codec === 'flac') return void flac.push(station);
    if (kept.length >= options.limit) return refuse(station, `not kept: --limit ${options.limit} reached`);
    kept.push(toEntry(station, tag, codec.codec, ids, options.plan));
  });
  for (const station of flac) {
    const reason = attachLossless(station, kept);
    if (reason) refuse(station, reason);
  }
  return { found: found.length, kept, refused, unchecked: verdicts.filter((v) => v === undefined).length };
}

/** Every search's stations once, ordered by the options' countries, then by votes. */
async function search(options: ImportOptions, directory: Directory): Promise<Candidate[]> {
  const tags = options.tags.length ? options.tags : [undefined];
  const countries = options.countries.length ? options.countries : [undefined];
  const codec = options.codecs.length === 1 ? options.codecs[0] : undefined;
  const seen = new Map<string, Candidate>();
  for (const tag of tags) {
    for (const countrycode of countries) {
      for (const station of await directory.search({ tag, countrycode, codec, limit: options.limit })) {
        if (!seen.has(station.stationuuid)) seen.set(station.stationuuid, { station, tag: tag ?? '' });
      }
    }
  }
  const rank = (station: DirectoryStation) => {
    const at = options.countries.indexOf(station.countrycode.toUpperCase());
    return at < 0 ? options.countries.length : at;
  };
  return [...seen.values()].sort((a, b) => rank(a.station) - rank(b.station) || b.station.votes - a.station.votes);
}

interface Taken {
  /** The sources and stream URLs of the file merged into. */
  mergedSources: Set<string | null>;
  mergedUrls: Set<string>;
  /** The stream URLs and country:name of the stations of this import so far. */
  urls: Set<string>;
  names: Set<string>;
}

function ruledOut(station: DirectoryStation, options: ImportOptions, taken: Taken): string | null {
  const url = streamUrlOf(station);
  const codec = station.codec.trim().toUpperCase();
  if (options.codecs.length && !options.codecs.includes(codec)) return `codec ${codec || 'unknown'} is not one of --codec ${options.codecs.join(', ')}`;
  if (station.votes < options.minVotes) return `${station.votes} votes, fewer than --min-votes ${options.minVotes}`;
  if (!station.name.trim()) return 'no name';
  if (!/^[a-z]{2}$/i.test(station.countrycode)) return 'no two-letter country code';
  if (station.hls) return 'an HLS stream (the relay needs a plain HTTP stream)';
  if (!isHttpUrl(url, 1024)) return 'no http(s) stream URL';
  if (codec && codec !== 'UNKNOWN' && !announcedFormat(codec)) return `codec ${codec} is not MP3, AAC or Ogg`;
  if (taken.mergedSources.has(sourceOf(station)) || taken.mergedUrls.has(url)) return 'already in the catalogue it is merged into';
  const name = `${station.countrycode.toLowerCase()}:${station.name.trim().toLowerCase()}`;
  if (taken.urls.has(url)) return 'the same stream as a station listed before it';
  if (taken.names.has(name)) return 'the same name and country as a station listed before it';
  taken.urls.add(url);
  taken.names.add(name);
  return null;
}

/** Opens the candidates' streams in their order, `concurrency` at a time, until `limit` of them passed. */
async function checkInOrder(candidates: Candidate[], options: ImportOptions, checker: Checker): Promise<Array<StreamVerdict | undefined>> {
  const verdicts: Array<StreamVerdict | undefined> = Array.from({ length: candidates.length }, () => undefined);
  let next = 0;
  let passed = 0;
  const worker = async () => {
    while (next < candidates.length && passed < options.limit) {
      const index = next++;
      const { station } = candidates[index];
      const verdict = await checker.check(streamUrlOf(station));
      verdicts[index] = verdict;
      const codec = verdict.ok ? catalogueCodec(station.codec, verdict.format) : undefined;
      if (codec && 'codec' in codec && codec.codec !== 'flac') passed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, candidates.length) }, worker));
  return verdicts;
}

/**
 * The catalogue's codec for a stream whose bytes are `format`, of a station announcing `codec`, or why it cannot be
 * kept. Ogg FLAC announced as OGG is what it says (FLAC is one of the codecs Ogg carries).
 */
function catalogueCodec(codec: string, format: AudioFormat): { codec: StreamCodec | 'flac' } | { reason: string } {
  const announced = announcedFormat(codec);
  if (announced && announced !== format && !(announced === 'ogg' && format === 'flac')) {
    return { reason: `announces ${codec.trim().toUpperCase()}, but its first bytes are ${format.toUpperCase()}` };
  }
  if (format === 'ogg') return { reason: 'an Ogg stream that is not FLAC (the catalogue plays MP3 and AAC, and FLAC as a lossless stream)' };
  return { codec: format };
}

/** Words that name a stream's quality rather than the station: "Rock Mix (FLAC)" and "Rock Mix 320k" are one station. */
const QUALITY_WORDS = /\b(flac|lossless|hi-?fi|hq|mp3|aac\+?|ogg|\d+\s*(k|kbps|kbit\/?s|kb\/s))\b/g;

function stationKey(country: string, name: string): string {
  return `${country.toLowerCase()}:${name.toLowerCase().replace(QUALITY_WORDS, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()}`;
}

/**
 * A FLAC stream is a station's lossless stream, never a station of its own (Basic listeners need MP3 or AAC): it
 * becomes the `lossless` stream of the station kept by this import with the same country and the same name but for
 * quality words, if that one has none yet; otherwise it is refused (add it by hand as `lossless`). Returns why not.
 */
function attachLossless(station: DirectoryStation, kept: ImportedEntry[]): string | null {
  const key = stationKey(station.countrycode, station.name);
  const entry = kept.find((e) => stationKey(e.country, e.name) === key);
  if (!entry) return 'a FLAC stream, with no MP3 or AAC stream of the same station kept by this import to be its lossless stream';
  if (entry.lossless) return `a second FLAC stream of ${entry.id}`;
  entry.lossless = { streamUrl: streamUrlOf(station), codec: 'flac' };
  return null;
}

function toEntry(station: DirectoryStation, tag: string, codec: StreamCodec, ids: Set<string>, plan: StationPlan | undefined): ImportedEntry {
  const country = station.countrycode.toLowerCase();
  const homepage = station.homepage.trim();
  const entry: ImportedEntry = {
    id: uniqueId(slug(station.name) || `station-${station.stationuuid.slice(0, 8)}`, country, ids),
    name: station.name.trim().slice(0, MAX_NAME),
    country,
    genres: genresOfTags(station.tags.split(','), tag),
    streamUrl: streamUrlOf(station),
    ...(isHttpUrl(homepage, MAX_HOMEPAGE) ? { homepage } : {}),
    codec,
    ...(isBitrate(station.bitrate) ? { bitrate: station.bitrate } : {}),
    ...(plan ? { plan } : {}),
    source: sourceOf(station),
  };
  return entry;
}

function sourceOf(station: DirectoryStation): string {
  return `radio-browser:${station.stationuuid}`;
}

function streamUrlOf(station: DirectoryStation): string {
  return (station.url_resolved || station.url).trim();
}

/** A lowercase [a-z0-9-] slug of a name, diacritics folded (ł has no decomposition of its own). */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
}

/** The slug, or the slug with its country, or with a number: ids are unique in the file. */
function uniqueId(base: string, country: string, ids: Set<string>): string {
  let id = base;
  if (ids.has(id)) id = `${base}-${country}`;
  for (let n = 2; ids.has(id); n++) id = `${base}-${country}-${n}`;
  ids.add(id);
  return id;
}
