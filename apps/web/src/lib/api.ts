import { apiClient } from '@grouarock/api-client';

/** The API is same-origin: the built app is served by the API itself, and `npm run dev` proxies /api. */
export function configureApiClient(): void {
  apiClient.setConfig({ baseURL: '', withCredentials: true, timeout: 15_000 });
}
