// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "data rights".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { AnonymizeMeData, AnonymizeMeErrors, AnonymizeMeResponses, DeleteMyDataData, DeleteMyDataErrors, DeleteMyDataResponses, ExportMyDataData, ExportMyDataErrors, ExportMyDataResponses } from '../types.gen';

/**
 * Everything we hold about your account, as one JSON file (5 an hour)
 */
export const exportMyData = <ThrowOnError extends boolean = false>(options?: Options<ExportMyDataData, ThrowOnError>) => (options?.client ?? client).get<ExportMyDataResponses, ExportMyDataErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/export',
    ...options
});

/**
 * Delete your account’s personal data now: keys, sessions and webhooks stop at once, subscriptions are cancelled
 */
export const deleteMyData = <ThrowOnError extends boolean = false>(options: Options<DeleteMyDataData, ThrowOnError>) => (options.client ?? client).delete<DeleteMyDataResponses, DeleteMyDataErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/data',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Anonymize your account: signing in ends, your public playlists and likes stay under an anonymous name
 */
export const anonymizeMe = <ThrowOnError extends boolean = false>(options: Options<AnonymizeMeData, ThrowOnError>) => (options.client ?? client).post<AnonymizeMeResponses, AnonymizeMeErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/user/anonymize',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});
