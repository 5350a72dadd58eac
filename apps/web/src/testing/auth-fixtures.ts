import type { SessionDto, UserDto } from '@grouarock/api-client';
import { toApiError } from '../lib/api';

/** Test data in the shapes the generated client returns. */
export function userDto(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: '4a8f0d1e-6a9e-4a53-9f2b-3c1f6f0a1b2c',
    email: 'fan@example.com',
    is_anonymous: false,
    email_confirmed_at: '2025-08-01T10:00:00.000Z',
    user_metadata: { username: 'punkrocker', display_name: 'Punk Rocker' },
    providers: [],
    has_password: true,
    created_at: '2025-08-01T09:00:00.000Z',
    ...overrides,
  };
}

let tokens = 0;

/** A session whose access token is unique per call and lives `expiresIn` seconds. */
export function sessionDto(expiresIn = 900, user: UserDto = userDto()): SessionDto {
  tokens += 1;
  return {
    access_token: `access-${tokens}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    user,
  };
}

/** What a generated-client function resolves to on success. */
export function ok<T>(data: T) {
  return Promise.resolve({ data, status: 200 });
}

/** The failure the generated client rejects with for an HTTP answer with our API's JSON error body (lib/api.ts). */
export function httpError(status: number, body: { message?: string | string[]; code?: string; fields?: string[] } = {}, headers: Record<string, string> = {}) {
  const response = { status, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null } } as unknown as Response;
  return toApiError({ statusCode: status, error: 'Error', message: body.message ?? 'Error', ...body }, response);
}

/** The failure the generated client rejects with when a request got no answer. */
export function networkError() {
  return toApiError(new TypeError('Failed to fetch'), undefined);
}

/** What a generated-client function returns when it throws (throwOnError): typed to fit any of them. */
export function rejects(error: unknown): Promise<never> {
  return Promise.reject(error);
}
