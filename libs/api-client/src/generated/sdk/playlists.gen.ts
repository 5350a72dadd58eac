// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "playlists".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreatePlaylistData, CreatePlaylistErrors, CreatePlaylistResponses, DeletePlaylistData, DeletePlaylistErrors, DeletePlaylistResponses, GetPlaylistData, GetPlaylistErrors, GetPlaylistResponses, ListMyPlaylistsData, ListMyPlaylistsErrors, ListMyPlaylistsResponses, UpdatePlaylistData, UpdatePlaylistErrors, UpdatePlaylistResponses } from '../types.gen';

/**
 * Your playlists, the newest first
 */
export const listMyPlaylists = <ThrowOnError extends boolean = false>(options?: Options<ListMyPlaylistsData, ThrowOnError>) => (options?.client ?? client).get<ListMyPlaylistsResponses, ListMyPlaylistsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/playlists',
    ...options
});

/**
 * Make a playlist of stations and tracks
 */
export const createPlaylist = <ThrowOnError extends boolean = false>(options: Options<CreatePlaylistData, ThrowOnError>) => (options.client ?? client).post<CreatePlaylistResponses, CreatePlaylistErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/playlists',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * A playlist with its entries: your own, or anyone’s public one
 */
export const getPlaylist = <ThrowOnError extends boolean = false>(options: Options<GetPlaylistData, ThrowOnError>) => (options.client ?? client).get<GetPlaylistResponses, GetPlaylistErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/playlists/{id}',
    ...options
});

/**
 * Delete your playlist
 */
export const deletePlaylist = <ThrowOnError extends boolean = false>(options: Options<DeletePlaylistData, ThrowOnError>) => (options.client ?? client).delete<DeletePlaylistResponses, DeletePlaylistErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/playlists/{id}',
    ...options
});

/**
 * Rename, describe, publish or re-order your playlist (items replaces all entries)
 */
export const updatePlaylist = <ThrowOnError extends boolean = false>(options: Options<UpdatePlaylistData, ThrowOnError>) => (options.client ?? client).patch<UpdatePlaylistResponses, UpdatePlaylistErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/playlists/{id}',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});
