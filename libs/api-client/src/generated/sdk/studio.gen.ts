// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "studio".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { DeleteStudioTrackData, DeleteStudioTrackErrors, DeleteStudioTrackResponses, GenerateMusicData, GenerateMusicErrors, GenerateMusicResponses, GetGenerationStatusData, GetGenerationStatusErrors, GetGenerationStatusResponses, GetMusicProviderHealthData, GetMusicProviderHealthResponses, GetStudioTrackAudioData, GetStudioTrackAudioErrors, GetStudioTrackAudioResponses, GetStudioTrackCoverData, GetStudioTrackCoverErrors, GetStudioTrackCoverResponses, GetStudioTrackOfflineData, GetStudioTrackOfflineErrors, GetStudioTrackOfflineResponses, GetStudioUsageData, GetStudioUsageErrors, GetStudioUsageResponses, ListStudioTracksData, ListStudioTracksErrors, ListStudioTracksResponses, MusicProviderCallbackData, MusicProviderCallbackResponses, RenameStudioTrackData, RenameStudioTrackErrors, RenameStudioTrackResponses } from '../types.gen';

/**
 * Start generating a track (the spec’s generate-music-suno); ask about it with POST /studio/status
 */
export const generateMusic = <ThrowOnError extends boolean = false>(options: Options<GenerateMusicData, ThrowOnError>) => (options.client ?? client).post<GenerateMusicResponses, GenerateMusicErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/generate',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Whether your generations have finished, with their tracks (the spec’s status check)
 */
export const getGenerationStatus = <ThrowOnError extends boolean = false>(options: Options<GetGenerationStatusData, ThrowOnError>) => (options.client ?? client).post<GetGenerationStatusResponses, GetGenerationStatusErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/status',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Your plan’s daily generations and how many are left today (Europe/Warsaw)
 */
export const getStudioUsage = <ThrowOnError extends boolean = false>(options?: Options<GetStudioUsageData, ThrowOnError>) => (options?.client ?? client).get<GetStudioUsageResponses, GetStudioUsageErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/usage',
    ...options
});

/**
 * Your library: the tracks you generated, the newest first
 */
export const listStudioTracks = <ThrowOnError extends boolean = false>(options?: Options<ListStudioTracksData, ThrowOnError>) => (options?.client ?? client).get<ListStudioTracksResponses, ListStudioTracksErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/tracks',
    ...options
});

/**
 * Delete one of your tracks
 */
export const deleteStudioTrack = <ThrowOnError extends boolean = false>(options: Options<DeleteStudioTrackData, ThrowOnError>) => (options.client ?? client).delete<DeleteStudioTrackResponses, DeleteStudioTrackErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/tracks/{id}',
    ...options
});

/**
 * Rename one of your tracks
 */
export const renameStudioTrack = <ThrowOnError extends boolean = false>(options: Options<RenameStudioTrackData, ThrowOnError>) => (options.client ?? client).patch<RenameStudioTrackResponses, RenameStudioTrackErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/tracks/{id}',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * A track’s MP3 (Range requests for seeking) on the signed link audio_url gives, until it expires; or for its owner signed in. With download=1, as a file to save. With S3 and MEDIA_PUBLIC_URL, a redirect to the store’s presigned URL (except download=1)
 */
export const getStudioTrackAudio = <ThrowOnError extends boolean = false>(options: Options<GetStudioTrackAudioData, ThrowOnError>) => (options.client ?? client).get<GetStudioTrackAudioResponses, GetStudioTrackAudioErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/tracks/{id}/audio',
    ...options
});

/**
 * One of your tracks’ MP3, whole, to keep in the browser for offline listening (Premium and Ultra); never a CDN redirect
 */
export const getStudioTrackOffline = <ThrowOnError extends boolean = false>(options: Options<GetStudioTrackOfflineData, ThrowOnError>) => (options.client ?? client).get<GetStudioTrackOfflineResponses, GetStudioTrackOfflineErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/tracks/{id}/offline',
    ...options
});

/**
 * A track’s cover image on the signed link image_url gives, until it expires; or for its owner signed in. With S3 and MEDIA_PUBLIC_URL, a redirect to the store’s presigned URL
 */
export const getStudioTrackCover = <ThrowOnError extends boolean = false>(options: Options<GetStudioTrackCoverData, ThrowOnError>) => (options.client ?? client).get<GetStudioTrackCoverResponses, GetStudioTrackCoverErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/studio/tracks/{id}/cover',
    ...options
});

/**
 * What makes tracks now: the built-in generator, or the configured provider and whether it answers (the spec’s test call)
 */
export const getMusicProviderHealth = <ThrowOnError extends boolean = false>(options?: Options<GetMusicProviderHealthData, ThrowOnError>) => (options?.client ?? client).get<GetMusicProviderHealthResponses, unknown, ThrowOnError>({ url: '/api/v1/studio/provider-health', ...options });

/**
 * Where a task API calls back when a track is ready (we poll anyway; this only makes it sooner)
 */
export const musicProviderCallback = <ThrowOnError extends boolean = false>(options?: Options<MusicProviderCallbackData, ThrowOnError>) => (options?.client ?? client).post<MusicProviderCallbackResponses, unknown, ThrowOnError>({
    url: '/api/v1/studio/provider-callback',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options?.headers
    }
});
