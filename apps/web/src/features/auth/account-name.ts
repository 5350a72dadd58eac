import type { AuthUser } from './api/auth-api';

/** How the header names the signed-in user: their display name, username or email; null for a guest. */
export function accountName(user: AuthUser): string | null {
  if (user.is_anonymous) return null;
  return user.user_metadata.display_name || user.user_metadata.username || user.email;
}
