// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "radio".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { ClearRadioPassData, ClearRadioPassResponses, GetLikedStationsData, GetLikedStationsErrors, GetLikedStationsResponses, GetMyRecommendationsData, GetMyRecommendationsErrors, GetMyRecommendationsResponses, GetNowPlayingData, GetNowPlayingErrors, GetNowPlayingResponses, GetRecommendationsData, GetRecommendationsErrors, GetRecommendationsResponses, GetStationData, GetStationErrors, GetStationLikesData, GetStationLikesErrors, GetStationLikesResponses, GetStationResponses, GetTrackData, GetTrackErrors, GetTrackResponses, GetWeeklyTopData, GetWeeklyTopResponses, LikeStationData, LikeStationErrors, LikeStationResponses, ListStationsData, ListStationsResponses, SetRadioPassData, SetRadioPassErrors, SetRadioPassResponses, StreamStationData, StreamStationErrors, StreamStationResponses, UnlikeStationData, UnlikeStationErrors, UnlikeStationResponses } from '../types.gen';

/**
 * The station's audio through our same-origin relay (CORS-clean, ICY metadata removed)
 */
export const streamStation = <ThrowOnError extends boolean = false>(options: Options<StreamStationData, ThrowOnError>) => (options.client ?? client).get<StreamStationResponses, StreamStationErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/radio/{id}/stream',
    ...options
});

/**
 * Forgets this browser's radio pass (signing out ends it anyway)
 */
export const clearRadioPass = <ThrowOnError extends boolean = false>(options?: Options<ClearRadioPassData, ThrowOnError>) => (options?.client ?? client).delete<ClearRadioPassResponses, unknown, ThrowOnError>({ url: '/api/v1/radio/pass', ...options });

/**
 * Lets this browser's audio element play on the caller's plan: an HttpOnly cookie the relay reads, valid while this session lasts
 */
export const setRadioPass = <ThrowOnError extends boolean = false>(options?: Options<SetRadioPassData, ThrowOnError>) => (options?.client ?? client).put<SetRadioPassResponses, SetRadioPassErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/radio/pass',
    ...options
});

/**
 * What the station plays now (its metadata, else its program, else just its name)
 */
export const getNowPlaying = <ThrowOnError extends boolean = false>(options: Options<GetNowPlayingData, ThrowOnError>) => (options.client ?? client).get<GetNowPlayingResponses, GetNowPlayingErrors, ThrowOnError>({ url: '/api/v1/radio/{id}/nowplaying', ...options });

/**
 * The station catalogue, filtered by country, genre and text
 */
export const listStations = <ThrowOnError extends boolean = false>(options?: Options<ListStationsData, ThrowOnError>) => (options?.client ?? client).get<ListStationsResponses, unknown, ThrowOnError>({ url: '/api/v1/radio/stations', ...options });

/**
 * One station
 */
export const getStation = <ThrowOnError extends boolean = false>(options: Options<GetStationData, ThrowOnError>) => (options.client ?? client).get<GetStationResponses, GetStationErrors, ThrowOnError>({ url: '/api/v1/radio/stations/{id}', ...options });

/**
 * This week's most liked stations (Monday to Sunday, Europe/Warsaw)
 */
export const getWeeklyTop = <ThrowOnError extends boolean = false>(options?: Options<GetWeeklyTopData, ThrowOnError>) => (options?.client ?? client).get<GetWeeklyTopResponses, unknown, ThrowOnError>({ url: '/api/v1/radio/top-weekly', ...options });

/**
 * The caller's favourites: the stations they like (anonymous sessions too)
 */
export const getLikedStations = <ThrowOnError extends boolean = false>(options?: Options<GetLikedStationsData, ThrowOnError>) => (options?.client ?? client).get<GetLikedStationsResponses, GetLikedStationsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/radio/liked',
    ...options
});

/**
 * A station's like count, and whether the caller likes it
 */
export const getStationLikes = <ThrowOnError extends boolean = false>(options: Options<GetStationLikesData, ThrowOnError>) => (options.client ?? client).get<GetStationLikesResponses, GetStationLikesErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/radio/{id}/likes',
    ...options
});

/**
 * Take a like back (idempotent)
 */
export const unlikeStation = <ThrowOnError extends boolean = false>(options: Options<UnlikeStationData, ThrowOnError>) => (options.client ?? client).delete<UnlikeStationResponses, UnlikeStationErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/radio/{id}/like',
    ...options
});

/**
 * Like a station (idempotent; anonymous sessions count)
 */
export const likeStation = <ThrowOnError extends boolean = false>(options: Options<LikeStationData, ThrowOnError>) => (options.client ?? client).put<LikeStationResponses, LikeStationErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/radio/{id}/like',
    ...options
});

/**
 * Tracks for fans of the seed artists: what the stations that play them also play (from our relays’ real plays)
 */
export const getRecommendations = <ThrowOnError extends boolean = false>(options: Options<GetRecommendationsData, ThrowOnError>) => (options.client ?? client).get<GetRecommendationsResponses, GetRecommendationsErrors, ThrowOnError>({ url: '/api/v1/recommendations', ...options });

/**
 * A track our relays heard, with where and when it played
 */
export const getTrack = <ThrowOnError extends boolean = false>(options: Options<GetTrackData, ThrowOnError>) => (options.client ?? client).get<GetTrackResponses, GetTrackErrors, ThrowOnError>({ url: '/api/v1/tracks/{id}', ...options });

/**
 * "Dla Ciebie": tracks picked from your likes and playlists, with the stations that play them (Premium and Ultra)
 */
export const getMyRecommendations = <ThrowOnError extends boolean = false>(options?: Options<GetMyRecommendationsData, ThrowOnError>) => (options?.client ?? client).get<GetMyRecommendationsResponses, GetMyRecommendationsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/me/recommendations',
    ...options
});
