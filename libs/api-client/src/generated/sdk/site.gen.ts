// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "site".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreateClientLogData, CreateClientLogErrors, CreateClientLogResponses, GetVisitorsData, GetVisitorsResponses, RegisterVisitData, RegisterVisitErrors, RegisterVisitResponses } from '../types.gen';

/**
 * Report a 404 or a client-side error from the web app
 */
export const createClientLog = <ThrowOnError extends boolean = false>(options: Options<CreateClientLogData, ThrowOnError>) => (options.client ?? client).post<CreateClientLogResponses, CreateClientLogErrors, ThrowOnError>({
    url: '/api/v1/client-logs',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * The visitor count and when the 1000th visitor came
 */
export const getVisitors = <ThrowOnError extends boolean = false>(options?: Options<GetVisitorsData, ThrowOnError>) => (options?.client ?? client).get<GetVisitorsResponses, unknown, ThrowOnError>({ url: '/api/v1/visitors', ...options });

/**
 * Count this browser session once (repeating is harmless); the 1000th is the winner
 */
export const registerVisit = <ThrowOnError extends boolean = false>(options: Options<RegisterVisitData, ThrowOnError>) => (options.client ?? client).post<RegisterVisitResponses, RegisterVisitErrors, ThrowOnError>({
    url: '/api/v1/visitors',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});
