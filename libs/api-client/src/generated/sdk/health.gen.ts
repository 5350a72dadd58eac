// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "health".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { GetHealthData, GetHealthErrors, GetHealthResponses, GetLivenessData, GetLivenessResponses, GetReadinessData, GetReadinessErrors, GetReadinessResponses } from '../types.gen';

/**
 * Liveness of the API and its database
 */
export const getHealth = <ThrowOnError extends boolean = false>(options?: Options<GetHealthData, ThrowOnError>) => (options?.client ?? client).get<GetHealthResponses, GetHealthErrors, ThrowOnError>({ url: '/api/v1/health', ...options });

/**
 * Liveness: the process answers (restart it when this fails); asks nothing of the database or the store
 */
export const getLiveness = <ThrowOnError extends boolean = false>(options?: Options<GetLivenessData, ThrowOnError>) => (options?.client ?? client).get<GetLivenessResponses, unknown, ThrowOnError>({ url: '/api/v1/health/live', ...options });

/**
 * Readiness: send this process traffic (its database and store answer within 2 s, its migrations are done, it is not draining)
 */
export const getReadiness = <ThrowOnError extends boolean = false>(options?: Options<GetReadinessData, ThrowOnError>) => (options?.client ?? client).get<GetReadinessResponses, GetReadinessErrors, ThrowOnError>({ url: '/api/v1/health/ready', ...options });
