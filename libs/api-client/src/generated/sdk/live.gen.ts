// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "live".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreateStreamData, CreateStreamErrors, CreateStreamResponses, DeleteStreamData, DeleteStreamErrors, DeleteStreamResponses, GetCurrentStreamData, GetCurrentStreamErrors, GetCurrentStreamResponses, GetStreamData, GetStreamErrors, GetStreamPlaylistData, GetStreamPlaylistErrors, GetStreamPlaylistResponses, GetStreamResponses, GetStreamSegmentData, GetStreamSegmentErrors, GetStreamSegmentResponses, ListStreamsData, ListStreamsResponses, StopStreamData, StopStreamErrors, StopStreamResponses, UpdateStreamData, UpdateStreamErrors, UpdateStreamResponses, WatchStreamData, WatchStreamErrors, WatchStreamResponses, WhepStopData, WhepStopErrors, WhepStopResponses, WhepTrickleData, WhepTrickleErrors, WhepTrickleResponses, WhepViewData, WhepViewErrors, WhepViewResponses, WhipPublishData, WhipPublishErrors, WhipPublishResponses, WhipStopData, WhipStopErrors, WhipStopResponses, WhipTrickleData, WhipTrickleErrors, WhipTrickleResponses } from '../types.gen';

/**
 * A new stream of yours, ready for video from OBS (RTMP, with the key shown only now) or from the browser
 */
export const createStream = <ThrowOnError extends boolean = false>(options: Options<CreateStreamData, ThrowOnError>) => (options.client ?? client).post<CreateStreamResponses, CreateStreamErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/create',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Streams live now (the latest started first) and the latest replays
 */
export const listStreams = <ThrowOnError extends boolean = false>(options?: Options<ListStreamsData, ThrowOnError>) => (options?.client ?? client).get<ListStreamsResponses, unknown, ThrowOnError>({ url: '/api/v1/stream/list', ...options });

/**
 * Your stream that has not ended, if any, and where OBS sends its video
 */
export const getCurrentStream = <ThrowOnError extends boolean = false>(options?: Options<GetCurrentStreamData, ThrowOnError>) => (options?.client ?? client).get<GetCurrentStreamResponses, GetCurrentStreamErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/current',
    ...options
});

/**
 * Delete your stream or replay and its video
 */
export const deleteStream = <ThrowOnError extends boolean = false>(options: Options<DeleteStreamData, ThrowOnError>) => (options.client ?? client).delete<DeleteStreamResponses, DeleteStreamErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/{id}',
    ...options
});

/**
 * One stream, live or a replay
 */
export const getStream = <ThrowOnError extends boolean = false>(options: Options<GetStreamData, ThrowOnError>) => (options.client ?? client).get<GetStreamResponses, GetStreamErrors, ThrowOnError>({ url: '/api/v1/stream/{id}', ...options });

/**
 * Set who may watch your stream (everyone, or Ultra members only) while it is ready or live
 */
export const updateStream = <ThrowOnError extends boolean = false>(options: Options<UpdateStreamData, ThrowOnError>) => (options.client ?? client).patch<UpdateStreamResponses, UpdateStreamErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/{id}',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Where you play the stream: an Ultra-only one’s playlist URL carries your access (Ultra members and its owner)
 */
export const watchStream = <ThrowOnError extends boolean = false>(options: Options<WatchStreamData, ThrowOnError>) => (options.client ?? client).post<WatchStreamResponses, WatchStreamErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/{id}/watch',
    ...options
});

/**
 * Stop your stream
 */
export const stopStream = <ThrowOnError extends boolean = false>(options: Options<StopStreamData, ThrowOnError>) => (options.client ?? client).post<StopStreamResponses, StopStreamErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/{id}/stop',
    ...options
});

/**
 * The stream’s HLS playlist: a live window while live, the whole recording with an end marker once ended
 */
export const getStreamPlaylist = <ThrowOnError extends boolean = false>(options: Options<GetStreamPlaylistData, ThrowOnError>) => (options.client ?? client).get<GetStreamPlaylistResponses, GetStreamPlaylistErrors, ThrowOnError>({ url: '/api/v1/live/{id}/index.m3u8', ...options });

/**
 * One segment of the stream (MPEG-TS), cached for good
 */
export const getStreamSegment = <ThrowOnError extends boolean = false>(options: Options<GetStreamSegmentData, ThrowOnError>) => (options.client ?? client).get<GetStreamSegmentResponses, GetStreamSegmentErrors, ThrowOnError>({ url: '/api/v1/live/{id}/{segment}', ...options });

/**
 * Publish a stream over WebRTC (WHIP): the stream key as the Bearer token, as OBS 30+ sends it
 */
export const whipPublish = <ThrowOnError extends boolean = false>(options: Options<WhipPublishData, ThrowOnError>) => (options.client ?? client).post<WhipPublishResponses, WhipPublishErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/whip',
    ...options,
    headers: {
        'Content-Type': 'application/sdp',
        ...options.headers
    }
});

/**
 * Stop publishing (ends the stream, as the stop button does)
 */
export const whipStop = <ThrowOnError extends boolean = false>(options: Options<WhipStopData, ThrowOnError>) => (options.client ?? client).delete<WhipStopResponses, WhipStopErrors, ThrowOnError>({ url: '/api/v1/stream/whip/{session}', ...options });

/**
 * More ICE candidates of a WHIP session
 */
export const whipTrickle = <ThrowOnError extends boolean = false>(options: Options<WhipTrickleData, ThrowOnError>) => (options.client ?? client).patch<WhipTrickleResponses, WhipTrickleErrors, ThrowOnError>({
    url: '/api/v1/stream/whip/{session}',
    ...options,
    headers: {
        'Content-Type': 'application/trickle-ice-sdpfrag',
        ...options.headers
    }
});

/**
 * Watch a live stream over WebRTC (WHEP), under a second behind its publisher
 */
export const whepView = <ThrowOnError extends boolean = false>(options: Options<WhepViewData, ThrowOnError>) => (options.client ?? client).post<WhepViewResponses, WhepViewErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/stream/{id}/whep',
    ...options,
    headers: {
        'Content-Type': 'application/sdp',
        ...options.headers
    }
});

/**
 * Stop watching over WebRTC
 */
export const whepStop = <ThrowOnError extends boolean = false>(options: Options<WhepStopData, ThrowOnError>) => (options.client ?? client).delete<WhepStopResponses, WhepStopErrors, ThrowOnError>({ url: '/api/v1/stream/whep/{session}', ...options });

/**
 * More ICE candidates of a WHEP session
 */
export const whepTrickle = <ThrowOnError extends boolean = false>(options: Options<WhepTrickleData, ThrowOnError>) => (options.client ?? client).patch<WhepTrickleResponses, WhepTrickleErrors, ThrowOnError>({
    url: '/api/v1/stream/whep/{session}',
    ...options,
    headers: {
        'Content-Type': 'application/trickle-ice-sdpfrag',
        ...options.headers
    }
});
