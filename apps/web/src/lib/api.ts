import { apiClient } from '@grouarock/api-client';
import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

/** The API is same-origin: the built app is served by the API itself, and `npm run dev` proxies /api. */
export function configureApiClient(): void {
  apiClient.setConfig({ baseURL: '', withCredentials: true, timeout: 15_000 });
}

/** What the API client needs from whoever holds the session (features/auth). */
export interface AccessTokenSource {
  /** Settles once the session kept from an earlier visit has been restored, or found to be gone. */
  ready(): Promise<void>;
  /** The current access token, or null when signed out. */
  accessToken(): string | null;
  /** A fresh access token after the server refused one, or null when there is no session any more. */
  refreshAccessToken(): Promise<string | null>;
}

type RetriableConfig = InternalAxiosRequestConfig & { authRetried?: boolean };

/** The token endpoint hands out tokens itself: it never carries a bearer token and is never retried. */
export function isTokenEndpoint(url: string | undefined): boolean {
  return (url ?? '').split('?')[0].endsWith('/api/v1/auth/token');
}

/**
 * Every call of the generated client carries `Authorization: Bearer <access token>` while signed in. A 401 from
 * any call except the token endpoint refreshes the session once (concurrent refreshes share one request, see
 * SessionManager) and repeats the call with the new token, so a call made after the short-lived access token
 * expired still succeeds. Returns a function that removes both interceptors.
 */
export function installAuthInterceptors(source: AccessTokenSource, instance: AxiosInstance = apiClient.instance): () => void {
  const request = instance.interceptors.request.use(async (config) => {
    if (isTokenEndpoint(config.url)) return config;
    await source.ready();
    const token = source.accessToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  const response = instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RetriableConfig;
    if (config.authRetried || isTokenEndpoint(config.url)) throw error;

    // Another call may have refreshed the session while this one was in flight: then just use the new token.
    const sent = config.headers.get('Authorization');
    const current = source.accessToken();
    let fresh: string | null;
    try {
      fresh = current && sent !== `Bearer ${current}` ? current : await source.refreshAccessToken();
    } catch {
      throw error;
    }
    if (!fresh) throw error;
    config.authRetried = true;
    config.headers.set('Authorization', `Bearer ${fresh}`);
    return instance.request(config);
  });

  return () => {
    instance.interceptors.request.eject(request);
    instance.interceptors.response.eject(response);
  };
}
