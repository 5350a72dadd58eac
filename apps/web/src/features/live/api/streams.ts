import {
  createRealtimeTicket,
  createStream,
  deleteStream,
  getCurrentStream,
  getStream,
  listStreams,
  stopStream,
  updateStream,
  watchStream,
  type CreatedStreamDto,
  type CreateStreamDto,
  type CurrentStreamDto,
  type LiveStreamDto,
  type StreamListDto,
} from '@grouarock/api-client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api';
import { dataOf } from '../../../lib/query';

export type { CreatedStreamDto, CreateStreamDto, CurrentStreamDto, LiveStreamDto, StreamListDto };
export type StreamGenre = CreateStreamDto['genre'];
export type StreamAudience = LiveStreamDto['audience'];

/** The spec's genres, in its order. */
export const STREAM_GENRES: readonly StreamGenre[] = ['rock', 'metal', 'pop', 'jazz', 'blues', 'electronic', 'other'];

const LIST_KEY = '/stream/list';
const currentKey = (userId: string) => ['/stream/current', userId] as const;
const STREAM_KEY = '/stream/one';

/** While something is live, the list (with its viewer counts) is read again this often; starts and ends come at once. */
export const LIVE_LIST_REFRESH_MS = 15_000;

/** GET /stream/list: streams live now and the latest replays. */
export function useStreamList() {
  return useSWR(LIST_KEY, () => dataOf(listStreams({ throwOnError: true })), {
    refreshInterval: (latest) => (latest?.live.length ? LIVE_LIST_REFRESH_MS : 0),
  });
}

/** GET /stream/current: the signed-in user's stream that has not ended (nothing is asked without an account). */
export function useCurrentStream(userId: string | null) {
  return useSWR(userId ? currentKey(userId) : null, () => dataOf(getCurrentStream({ throwOnError: true })));
}

/** GET /stream/{id}: one stream, live or a replay; the player's when the list does not hold it (nothing asked for null). */
export function useStream(id: string | null) {
  return useSWR(id ? [STREAM_KEY, id] : null, ([, streamId]) => dataOf(getStream({ path: { id: streamId }, throwOnError: true })));
}

/**
 * POST /stream/{id}/watch: where this viewer plays an Ultra-only stream (its URL carries their access), asked once the
 * player opens; null for nothing to ask. A viewer who may not watch it gets the 403 (ultra_only) as the error.
 */
export function useWatchUrl(id: string | null, userId: string | null) {
  return useSWR(id ? ['/stream/watch', id, userId] : null, ([, streamId]) => dataOf(watchStream({ path: { id: streamId }, throwOnError: true })), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** PATCH /stream/{id}: the owner sets who may watch while the stream is ready or live. */
export async function setAudience(id: string, audience: StreamAudience): Promise<LiveStreamDto> {
  return dataOf(updateStream({ path: { id }, body: { audience }, throwOnError: true }));
}

/**
 * A stream started, ended or was deleted somewhere: the list, the user's own stream and any stream read on its own
 * are read again (this app's cache).
 */
export function useStreamsChanged(): (userId: string | null) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (userId: string | null) => {
      await Promise.all([mutate(LIST_KEY), userId ? mutate(currentKey(userId)) : undefined, mutate((key) => Array.isArray(key) && key[0] === STREAM_KEY)]);
    },
    [mutate],
  );
}

/** The toast for a failed start: the server full (503 live_full), or anything else. */
export function startFailure(error: unknown): 'live.toast.full' | 'live.toast.failed' {
  return error instanceof ApiError && error.code === 'live_full' ? 'live.toast.full' : 'live.toast.failed';
}

/** POST /stream/create: the new stream with its key (shown once). */
export async function startStream(body: CreateStreamDto): Promise<CreatedStreamDto> {
  return dataOf(createStream({ body, throwOnError: true }));
}

/**
 * POST /realtime/ticket: a single-use, one-minute ticket for the ingest socket's URL. A socket cannot repeat itself
 * after a 401 as API calls do; this call can, so an expired access token is refreshed here, and none goes into a URL.
 */
export async function ingestTicket(): Promise<string> {
  return (await dataOf(createRealtimeTicket({ throwOnError: true }))).ticket;
}

/** POST /stream/{id}/stop. */
export async function endStream(id: string): Promise<void> {
  await stopStream({ path: { id }, throwOnError: true });
}

/** DELETE /stream/{id}. */
export async function removeStream(id: string): Promise<void> {
  await deleteStream({ path: { id }, throwOnError: true });
}
