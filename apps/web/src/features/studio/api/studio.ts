import {
  deleteStudioTrack,
  generateMusic,
  getGenerationStatus,
  getMusicProviderHealth,
  getStudioUsage,
  listStudioTracks,
  renameStudioTrack,
  type GenerateDto,
  type GenerateResultDto,
  type ProviderHealthDto,
  type StatusResultDto,
  type TrackDto,
  type UsageDto,
} from '@grouarock/api-client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { dataOf } from '../../../lib/query';
import { POLL_EVERY_MS, POLL_FIRST_MS } from '../options';

export type { GenerateDto, GenerateResultDto, ProviderHealthDto, StatusResultDto, TrackDto, UsageDto };
export type StudioGenre = NonNullable<GenerateDto['genre']>;
export type TrackLength = NonNullable<GenerateDto['length']>;
export type StudioTool = NonNullable<GenerateDto['provider']>;

const usageKey = (userId: string) => ['/studio/usage', userId] as const;
const libraryKey = (userId: string) => ['/studio/tracks', userId] as const;

/** GET /studio/usage: the plan's daily generations and today's count (nothing is asked without an account). */
export function useStudioUsage(userId: string | null) {
  return useSWR(userId ? usageKey(userId) : null, () => dataOf(getStudioUsage({ throwOnError: true })));
}

/** Renewing a link this long before it expires leaves time for a slow answer (or two) in between. */
const RENEW_MARGIN_MS = 5 * 60_000;
/** Never asked again sooner than this, whatever the links say (a clock far off, a very short MEDIA_LINK_SECONDS). */
const RENEW_FLOOR_MS = 5_000;

/**
 * When to ask for the tracks again so their signed links (audio_url, image_url) are renewed before they expire: five
 * minutes before the first one does, or at four fifths of its life when links are short. 0 (not at all) without tracks.
 */
export function renewLinksIn(tracks: readonly Pick<TrackDto, 'expires_at'>[], now = Date.now()): number {
  if (!tracks.length) return 0;
  const first = Math.min(...tracks.map((track) => Date.parse(track.expires_at)));
  const left = first - now;
  return Math.max(RENEW_FLOOR_MS, left - Math.min(RENEW_MARGIN_MS, left / 5));
}

/**
 * GET /studio/tracks: the user's library, asked again before its links expire (renewLinksIn), in a hidden tab too:
 * music keeps playing there, and its next Range request needs a link that works.
 */
export function useLibrary(userId: string | null) {
  return useSWR(userId ? libraryKey(userId) : null, () => dataOf(listStudioTracks({ throwOnError: true })), {
    refreshInterval: (latest) => (latest ? renewLinksIn(latest.tracks) : 0),
    refreshWhenHidden: true,
  });
}

/** The download link of a track: its signed audio link, as a file to save. */
export function downloadUrl(track: Pick<TrackDto, 'audio_url'>): string {
  const url = new URL(track.audio_url, window.location.href);
  url.searchParams.set('download', '1');
  return url.href;
}

/** GET /studio/provider-health: what makes the tracks here (the built-in generator or a provider). */
export function useProviderHealth() {
  return useSWR('/studio/provider-health', () => dataOf(getMusicProviderHealth({ throwOnError: true })));
}

/** A generation started or ended, or a track changed: the usage and the library are read again. */
export function useStudioChanged(): (userId: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async (userId: string) => void (await Promise.all([mutate(usageKey(userId)), mutate(libraryKey(userId))])), [mutate]);
}

/** POST /studio/generate. */
export function startGeneration(body: GenerateDto): Promise<GenerateResultDto> {
  return dataOf(generateMusic({ body, throwOnError: true }));
}

/** POST /studio/status. */
export function generationStatus(taskIds: string[]): Promise<StatusResultDto> {
  return dataOf(getGenerationStatus({ body: { task_ids: taskIds }, throwOnError: true }));
}

/** The first check waits longer than the rest (a track takes a while); SWR asks this after every answer. */
const nextCheckIn = (latest: StatusResultDto | null | undefined) => (latest === undefined ? POLL_FIRST_MS : POLL_EVERY_MS);

/** One status check: the answer, or null when it did not get through (it is asked again at the next interval). */
async function checkStatus([, taskId]: readonly [string, string]): Promise<StatusResultDto | null> {
  try {
    return await generationStatus([taskId]);
  } catch (error) {
    console.warn('Checking the generation failed', error);
    return null;
  }
}

/**
 * POST /studio/status for a running generation, polled while `taskId` is set: first after POLL_FIRST_MS, then
 * POLL_EVERY_MS after each answer. `onCheck` gets every answer; `mutate()` checks at once.
 */
export function useGenerationStatus(taskId: string | null, onCheck: (status: StatusResultDto | null) => void) {
  return useSWR(taskId ? (['/studio/status', taskId] as const) : null, checkStatus, {
    revalidateOnMount: false,
    refreshInterval: nextCheckIn,
    onSuccess: onCheck,
  });
}

/** PATCH /studio/tracks/{id}. */
export function renameTrack(id: string, title: string): Promise<TrackDto> {
  return dataOf(renameStudioTrack({ path: { id }, body: { title }, throwOnError: true }));
}

/** DELETE /studio/tracks/{id}. */
export async function deleteTrack(id: string): Promise<void> {
  await deleteStudioTrack({ path: { id }, throwOnError: true });
}
