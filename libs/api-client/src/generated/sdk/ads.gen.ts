// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "ads".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CompleteAdBreakData, CompleteAdBreakErrors, CompleteAdBreakResponses, GetAdSpotData, GetAdSpotErrors, GetAdSpotResponses, IssueStreamTicketData, IssueStreamTicketErrors, IssueStreamTicketResponses, ReportListeningData, ReportListeningErrors, ReportListeningResponses } from '../types.gen';

/**
 * The radio player's heartbeat: counts listening for Basic and signed-out listeners and hands out an ad break when one is due (sets the listener cookie)
 */
export const reportListening = <ThrowOnError extends boolean = false>(options: Options<ReportListeningData, ThrowOnError>) => (options.client ?? client).post<ReportListeningResponses, ReportListeningErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/ads/listening',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * The player played the break whole: accepted no earlier than the spot's length after the break started; the station may play again
 */
export const completeAdBreak = <ThrowOnError extends boolean = false>(options: Options<CompleteAdBreakData, ThrowOnError>) => (options.client ?? client).post<CompleteAdBreakResponses, CompleteAdBreakErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/ads/breaks/{id}/complete',
    ...options
});

/**
 * A stream ticket: on a plan with ads (Basic, signed out) a stream starts only for a known listener, and a client that sends no cookies names itself with ?ticket= on GET /radio/{id}/stream. It starts a stream of its station for a minute; the stream is counted for the listener and ends when their ad break falls due (hand it out with POST /ads/listening, complete it, then ask again). Sets the listener cookie
 */
export const issueStreamTicket = <ThrowOnError extends boolean = false>(options: Options<IssueStreamTicketData, ThrowOnError>) => (options.client ?? client).post<IssueStreamTicketResponses, IssueStreamTicketErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/ads/tickets',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * An ad spot's audio: the operator's (ADS_DIR) or the built-in one promoting Premium (Range requests)
 */
export const getAdSpot = <ThrowOnError extends boolean = false>(options: Options<GetAdSpotData, ThrowOnError>) => (options.client ?? client).get<GetAdSpotResponses, GetAdSpotErrors, ThrowOnError>({ url: '/api/v1/ads/spots/{name}', ...options });
