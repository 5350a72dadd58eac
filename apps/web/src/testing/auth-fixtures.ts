import type { SessionDto, UserDto } from '@grouarock/api-client';

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
