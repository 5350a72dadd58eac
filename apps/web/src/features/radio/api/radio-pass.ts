import { useEffect } from 'react';
import { useAuth } from '../../auth';
import { streamAccess } from '../stream-access';

/**
 * Keeps the player's stream access (stream-access.ts) in step with the sign-in: once signed in it asks for the radio
 * pass (PUT /radio/pass, the HttpOnly cookie that lets the relay play this browser's audio element, which sends no access
 * token, on the account's plan) once per account signed in, so a new session after signing out and in again gets a
 * pass of its own; signing out ends the pass on the server. While the sign-in state is still being read, the player's
 * connections wait for it.
 */
export function useRadioPass(): void {
  const { status, user } = useAuth();
  const account = status === 'loading' ? undefined : status === 'signedIn' && user ? user.id : null;
  useEffect(() => streamAccess.follow(account), [account]);
}
