// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "health".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { GetHealthData, GetHealthErrors, GetHealthResponses } from '../types.gen';

/**
 * Liveness of the API and its database
 */
export const getHealth = <ThrowOnError extends boolean = false>(options?: Options<GetHealthData, ThrowOnError>) => (options?.client ?? client).get<GetHealthResponses, GetHealthErrors, ThrowOnError>({ url: '/api/v1/health', ...options });
