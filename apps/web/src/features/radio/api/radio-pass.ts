import { setRadioPass } from '@grouarock/api-client';
import { useEffect } from 'react';
import { useAuth } from '../../auth';

/**
 * PUT /radio/pass while signed in: the HttpOnly cookie that lets the relay play this browser's audio element (which
 * sends no access token) on the account's plan. Asked once per page visit and session, so a new session after
 * signing out and in again gets a pass of its own; signing out ends the pass on the server.
 */
export function useRadioPass(): void {
  const { session, user } = useAuth();
  const signedIn = Boolean(session && user);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!signedIn || !userId) return;
    void setRadioPass().catch(() => undefined);
  }, [signedIn, userId]);
}
