// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "realtime".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreateRealtimeTicketData, CreateRealtimeTicketErrors, CreateRealtimeTicketResponses } from '../types.gen';

/**
 * A single-use, one-minute ticket to the realtime socket, so that API keys never travel in URLs
 */
export const createRealtimeTicket = <ThrowOnError extends boolean = false>(options?: Options<CreateRealtimeTicketData, ThrowOnError>) => (options?.client ?? client).post<CreateRealtimeTicketResponses, CreateRealtimeTicketErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/realtime/ticket',
    ...options
});
