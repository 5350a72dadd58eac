// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "events".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { ListEventsData, ListEventsResponses, RecordAffiliateClickData, RecordAffiliateClickErrors, RecordAffiliateClickResponses } from '../types.gen';

/**
 * The upcoming events of EVENTS_FILE, soonest first (none without it)
 */
export const listEvents = <ThrowOnError extends boolean = false>(options?: Options<ListEventsData, ThrowOnError>) => (options?.client ?? client).get<ListEventsResponses, unknown, ThrowOnError>({ url: '/api/v1/events', ...options });

/**
 * Record a click on an event's ticket link (with the user, when signed in)
 */
export const recordAffiliateClick = <ThrowOnError extends boolean = false>(options: Options<RecordAffiliateClickData, ThrowOnError>) => (options.client ?? client).post<RecordAffiliateClickResponses, RecordAffiliateClickErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/events/{id}/affiliate-click',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});
