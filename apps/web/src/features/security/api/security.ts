import {
  addPasskey,
  disableTotp,
  endOtherSessions,
  endSession,
  getAccountSecurity,
  getSecurityLog,
  listPasskeys,
  listSessions,
  regenerateRecoveryCodes,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  startTotp,
  verifyTotp,
  type PasskeyDto,
  type SecurityEventDto,
  type SecurityOverviewDto,
  type SessionSummaryDto,
  type TotpEnabledDto,
  type TotpEnrolmentDto,
  type WebAuthnCeremonyDto,
} from '@grouarock/api-client';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { useCallback } from 'react';
import { dataOf } from '../../../lib/query';

export type { PasskeyDto, SecurityEventDto, SecurityOverviewDto, SessionSummaryDto, TotpEnabledDto, TotpEnrolmentDto, WebAuthnCeremonyDto };

/** Lines of the security log a page shows, and asks for at a time. */
export const SECURITY_LOG_PAGE = 20;

export const securityKey = (userId: string) => ['/auth/security', userId] as const;
export const passkeysKey = (userId: string) => ['/auth/passkeys', userId] as const;
export const sessionsKey = (userId: string) => ['/auth/sessions', userId] as const;
const LOG = '/auth/security-log';

/** GET /auth/security: password, authenticator app, recovery codes left, passkeys. */
export function useSecurityOverview(userId: string) {
  return useSWR(securityKey(userId), () => dataOf(getAccountSecurity({ throwOnError: true })));
}

/** GET /auth/passkeys. */
export function usePasskeys(userId: string) {
  return useSWR(passkeysKey(userId), async () => (await dataOf(listPasskeys({ throwOnError: true }))).passkeys);
}

/** GET /auth/sessions: where the account is signed in, this one marked. */
export function useSessions(userId: string) {
  return useSWR(sessionsKey(userId), async () => (await dataOf(listSessions({ throwOnError: true }))).sessions);
}

/** The key of each page of the security log: the first page, then each starting before the last line above it. */
const logPageKey =
  (userId: string) =>
  (index: number, previous: SecurityEventDto[] | null): readonly [string, string, string | null] | null => {
    if (index === 0) return [LOG, userId, null];
    if (!previous || previous.length < SECURITY_LOG_PAGE) return null;
    return [LOG, userId, previous[previous.length - 1].created_at];
  };

/** GET /auth/security-log, newest first, SECURITY_LOG_PAGE lines a page. */
export function useSecurityLog(userId: string) {
  return useSWRInfinite(logPageKey(userId), async ([, , before]: readonly [string, string, string | null]) =>
    (await dataOf(getSecurityLog({ query: { limit: SECURITY_LOG_PAGE, ...(before ? { before } : {}) }, throwOnError: true }))).events,
    // "More" reads the next page only; a change in the account's security reads the log again (useSecurityChanged).
    { revalidateFirstPage: false },
  );
}

/**
 * Reads again what a change in the account's security shows elsewhere: the overview, passkeys, sessions and the log
 * (a new passkey is a line of the log; turning the app on ends sessions).
 */
export function useSecurityChanged(userId: string): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && key[1] === userId && ([securityKey(userId)[0], passkeysKey(userId)[0], sessionsKey(userId)[0]] as string[]).includes(key[0] as string));
    // useSWRInfinite keeps its pages under a key of its own, which a filter never matches.
    await mutate(unstable_serialize(logPageKey(userId)));
  }, [mutate, userId]);
}

// --- passkeys ---

/** POST /auth/passkeys/registration: the options for the browser's navigator.credentials.create(). */
export function passkeyRegistration(): Promise<WebAuthnCeremonyDto> {
  return dataOf(startPasskeyRegistration({ throwOnError: true }));
}

/** POST /auth/passkeys: keeps the passkey the browser made (the server names it after the browser when no name is given). */
export function savePasskey(challengeId: string, credential: Record<string, unknown>, name?: string): Promise<PasskeyDto> {
  return dataOf(addPasskey({ body: { challenge_id: challengeId, credential, ...(name ? { name } : {}) }, throwOnError: true }));
}

/** PATCH /auth/passkeys/{id}. */
export function renameOnePasskey(id: string, name: string): Promise<PasskeyDto> {
  return dataOf(renamePasskey({ path: { id }, body: { name }, throwOnError: true }));
}

/** DELETE /auth/passkeys/{id}. */
export async function removeOnePasskey(id: string): Promise<void> {
  await removePasskey({ path: { id }, throwOnError: true });
}

// --- authenticator app ---

/** POST /auth/factors/totp: a new secret and its otpauth:// URI, not on until a code of it is confirmed. */
export function beginTotp(): Promise<TotpEnrolmentDto> {
  return dataOf(startTotp({ throwOnError: true }));
}

/** POST /auth/factors/totp/verify: turns the app on; every other session ends, this one's new token comes back. */
export function confirmTotp(code: string): Promise<TotpEnabledDto> {
  return dataOf(verifyTotp({ body: { code }, throwOnError: true }));
}

/** DELETE /auth/factors/totp. */
export async function turnTotpOff(): Promise<void> {
  await disableTotp({ throwOnError: true });
}

/** POST /auth/factors/recovery-codes: ten new codes, the old ones void. */
export async function newRecoveryCodes(): Promise<string[]> {
  return (await dataOf(regenerateRecoveryCodes({ throwOnError: true }))).recovery_codes;
}

// --- sessions ---

/** DELETE /auth/sessions/{id}. */
export async function endOneSession(id: string): Promise<void> {
  await endSession({ path: { id }, throwOnError: true });
}

/** POST /auth/sessions/end-others: how many sessions ended. */
export async function endTheOthers(): Promise<number> {
  return (await dataOf(endOtherSessions({ throwOnError: true }))).ended;
}
