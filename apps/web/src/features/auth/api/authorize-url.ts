import type { ProvidersDto } from '@grouarock/api-client';

export type OAuthProvider = keyof ProvidersDto;

/** Where the browser goes to sign in with a provider: a navigation, not an XHR. */
export function authorizeUrl(provider: OAuthProvider, redirectTo = '/'): string {
  const query = new URLSearchParams({ provider, redirect_to: redirectTo });
  return `/api/v1/auth/authorize?${query.toString()}`;
}
