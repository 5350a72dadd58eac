import type { UserDto } from './auth.dto';
import type { OAuthProvider } from '../repositories/schema/identity.entity';
import type { User } from '../repositories/schema/user.entity';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    is_anonymous: user.isAnonymous,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    user_metadata: { username: user.username, display_name: user.displayName },
    providers: [...new Set((user.identities ?? []).map((i) => i.provider as OAuthProvider))].sort(),
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
  };
}

/** The part of the address before the @: the default username and display name. */
export function localPart(email: string): string {
  return email.split('@')[0].slice(0, 32);
}
