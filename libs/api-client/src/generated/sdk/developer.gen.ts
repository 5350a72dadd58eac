// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "developer".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreateApiKeyData, CreateApiKeyErrors, CreateApiKeyResponses, GetApiUsageData, GetApiUsageErrors, GetApiUsageResponses, ListApiKeysData, ListApiKeysErrors, ListApiKeysResponses, ListApiPlansData, ListApiPlansResponses, RevokeApiKeyData, RevokeApiKeyErrors, RevokeApiKeyResponses } from '../types.gen';

/**
 * The developer API plans: prices, limits and the cost calculator’s terms
 */
export const listApiPlans = <ThrowOnError extends boolean = false>(options?: Options<ListApiPlansData, ThrowOnError>) => (options?.client ?? client).get<ListApiPlansResponses, unknown, ThrowOnError>({ url: '/api/v1/developer/plans', ...options });

/**
 * Your API keys, active or expired in the last 30 days (never the keys themselves)
 */
export const listApiKeys = <ThrowOnError extends boolean = false>(options?: Options<ListApiKeysData, ThrowOnError>) => (options?.client ?? client).get<ListApiKeysResponses, ListApiKeysErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/developer/keys',
    ...options
});

/**
 * Make an API key: read-only (GET and HEAD) or full-access, expiring in 30, 90 (the default) or 365 days, or never
 */
export const createApiKey = <ThrowOnError extends boolean = false>(options: Options<CreateApiKeyData, ThrowOnError>) => (options.client ?? client).post<CreateApiKeyResponses, CreateApiKeyErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/developer/keys',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Revoke one of your API keys
 */
export const revokeApiKey = <ThrowOnError extends boolean = false>(options: Options<RevokeApiKeyData, ThrowOnError>) => (options.client ?? client).delete<RevokeApiKeyResponses, RevokeApiKeyErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/developer/keys/{id}',
    ...options
});

/**
 * Your developer API plan, its limits and what is left of them (made with a key, this call counts as one)
 */
export const getApiUsage = <ThrowOnError extends boolean = false>(options?: Options<GetApiUsageData, ThrowOnError>) => (options?.client ?? client).get<GetApiUsageResponses, GetApiUsageErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/developer/usage',
    ...options
});
