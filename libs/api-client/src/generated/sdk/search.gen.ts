// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "search".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { SearchData, SearchErrors, SearchResponses } from '../types.gen';

/**
 * Search stations, tracks the stations played, upcoming events and public playlists
 */
export const search = <ThrowOnError extends boolean = false>(options: Options<SearchData, ThrowOnError>) => (options.client ?? client).get<SearchResponses, SearchErrors, ThrowOnError>({ url: '/api/v1/search', ...options });
