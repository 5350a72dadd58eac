import type { DeckState, RecordingEntry } from '@grouarock/audio-engine';
import { atom } from 'jotai';
import type { NowPlayingDto } from './api/now-playing';
import type { Genre, StationDto } from './api/stations';
import { foldText } from '@grouarock/i18n';

// ---- Filters ----------------------------------------------------------------------------------

export interface StationFilters {
  query: string;
  genre: Genre | '';
  country: string;
}

export const emptyFilters: StationFilters = { query: '', genre: '', country: '' };
export const filtersAtom = atom<StationFilters>(emptyFilters);

/** The stations matching the search text (name, description, genres, country), the genre and the country. */
export function filterStations(stations: readonly StationDto[], filters: StationFilters): StationDto[] {
  const words = foldText(filters.query.trim()).split(/\s+/).filter(Boolean);
  return stations.filter((station) => {
    if (filters.genre && !station.genres.includes(filters.genre)) return false;
    if (filters.country && station.country.code !== filters.country) return false;
    if (words.length === 0) return true;
    const haystack = foldText([station.name, station.description ?? '', station.genres.join(' '), station.country.name].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

export function hasFilters(filters: StationFilters): boolean {
  return Boolean(filters.query.trim() || filters.genre || filters.country);
}

/**
 * A country of the catalogue and its stations. The API's `country.flag` (an emoji) is left out on purpose: the app
 * marks a country with CountryMark (@grouarock/ui), since emoji flags draw as empty boxes or letters on many systems.
 */
export interface CountryGroup {
  code: string;
  name: string;
  stations: StationDto[];
}

/** Stations grouped by country, countries in the order they first appear (the catalogue's order). */
export function groupByCountry(stations: readonly StationDto[]): CountryGroup[] {
  const groups = new Map<string, CountryGroup>();
  for (const station of stations) {
    const { code, name } = station.country;
    let group = groups.get(code);
    if (!group) {
      group = { code, name, stations: [] };
      groups.set(code, group);
    }
    group.stations.push(station);
  }
  return [...groups.values()];
}

/** The genres present in the catalogue, in first-seen order. */
export function genresOf(stations: readonly StationDto[]): Genre[] {
  return [...new Set(stations.flatMap((station) => station.genres))];
}

// ---- Player -----------------------------------------------------------------------------------

export const DEFAULT_RADIO_VOLUME = 70;

export const currentStationIdAtom = atom<string | null>(null);
export const deckStateAtom = atom<DeckState>('stopped');
export const volumeAtom = atom(DEFAULT_RADIO_VOLUME);
export const mutedAtom = atom(false);

/** A playlist being played: its stations in order, which the player's next and previous move through. */
export interface PlayQueue {
  name: string;
  stationIds: readonly string[];
}

export const playQueueAtom = atom<PlayQueue | null>(null);

/** The station after (or before) `currentId` in the queue, round the end; null when the current one is not in it. */
export function queueStep(stationIds: readonly string[], currentId: string | null, direction: 1 | -1): string | null {
  const index = currentId ? stationIds.indexOf(currentId) : -1;
  if (index < 0) return null;
  return stationIds[(index + direction + stationIds.length) % stationIds.length] ?? null;
}

export type StatusLabel = 'live' | 'loading' | 'offline' | 'reconnecting';

/** The player bar's status label for a deck state (the product's live / loading / offline, plus reconnecting). */
export function statusLabel(state: DeckState): StatusLabel {
  switch (state) {
    case 'playing':
      return 'live';
    case 'loading':
      return 'loading';
    case 'reconnecting':
      return 'reconnecting';
    case 'stopped':
    case 'offline':
    case 'error':
      return 'offline';
  }
}

/** What the hero shows: the track, else the program, else nothing (the station's name): never invented. */
export function nowPlayingLine(nowPlaying: Pick<NowPlayingDto, 'artist' | 'title' | 'program'> | null): { artist: string; title: string } | { title: string } | null {
  if (!nowPlaying) return null;
  const artist = nowPlaying.artist?.trim();
  const title = nowPlaying.title?.trim();
  if (artist && title) return { artist, title };
  if (title) return { title };
  if (artist) return { title: artist };
  return null;
}

// ---- Likes ------------------------------------------------------------------------------------

export interface LikeState {
  count: number;
  likedByMe: boolean;
}

export interface ToggleLikeDeps {
  /** Whether a session exists right now. */
  hasSession: () => boolean;
  /** Signs in anonymously (silently); throws on failure. */
  signInAnonymously: () => Promise<unknown>;
  like: (id: string) => Promise<LikeState>;
  unlike: (id: string) => Promise<LikeState>;
}

/**
 * The like toggle: not liked → like, liked → unlike. Without a session it first signs in anonymously; when that
 * fails the like is abandoned silently (null). A failed call is logged and also gives null.
 */
export async function toggleLike(stationId: string, liked: boolean, deps: ToggleLikeDeps): Promise<LikeState | null> {
  if (!deps.hasSession()) {
    try {
      await deps.signInAnonymously();
    } catch (error) {
      console.warn('Anonymous sign-in failed; the like is dropped', error);
      return null;
    }
  }
  try {
    const result = liked ? await deps.unlike(stationId) : await deps.like(stationId);
    return { count: Math.max(0, result.count), likedByMe: result.likedByMe };
  } catch (error) {
    console.warn('Like failed', error);
    return null;
  }
}

/** The favourites after a station's like state is known. */
export function withFavourite(ids: readonly string[], stationId: string, liked: boolean): readonly string[] {
  if (liked) return ids.includes(stationId) ? ids : [...ids, stationId];
  return ids.includes(stationId) ? ids.filter((id) => id !== stationId) : ids;
}

// ---- Weekly top -------------------------------------------------------------------------------

export type PeriodCountdown = { kind: 'days'; days: number; hours: number } | { kind: 'hours'; hours: number } | { kind: 'expired' };

const HOUR_MS = 3_600_000;

/** The featured station's countdown to the end of the period: "Nd Hh" with days left, "Hh" within a day, else expired. */
export function periodCountdown(endsAt: string | number | Date, now: number): PeriodCountdown {
  const left = new Date(endsAt).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return { kind: 'expired' };
  const totalHours = Math.floor(left / HOUR_MS);
  const days = Math.floor(totalHours / 24);
  const hours = totalHours % 24;
  return days > 0 ? { kind: 'days', days, hours } : { kind: 'hours', hours };
}

// ---- Recording and timers ---------------------------------------------------------------------

export interface SessionRecording {
  entry: RecordingEntry;
  size: number;
  url: string;
}

export const recordingsAtom = atom<readonly SessionRecording[]>([]);
export const activeRecordingAtom = atom<RecordingEntry | null>(null);
export const sleepLabelAtom = atom<string | null>(null);

/** 15 → {minutes: 15}, 60 → {hours: 1}: the sleep timer options read "min" below an hour and "h" from it. */
export function sleepOptionLabel(minutes: number): { unit: 'min'; minutes: number } | { unit: 'h'; hours: number } {
  return minutes >= 60 && minutes % 60 === 0 ? { unit: 'h', hours: minutes / 60 } : { unit: 'min', minutes };
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Bytes as "12 KB" / "1.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
