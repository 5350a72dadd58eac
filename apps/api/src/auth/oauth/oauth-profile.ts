import type { OAuthProvider } from '../../repositories/schema/identity.entity';

/** What we take from any provider's profile. */
export interface OAuthProfile {
  provider: OAuthProvider;
  id: string;
  /** Only an address the provider says it verified can link to an existing account. */
  email?: string;
  emailVerified: boolean;
  displayName?: string;
  username?: string;
}

/** What the browser carried through the provider and back (in the signed state cookie). */
export interface OAuthState {
  redirectTo: string;
  /** An anonymous user who started the flow: the identity is linked to them, keeping their id. */
  linkUserId?: string;
}
