import type * as SimpleWebAuthn from '@simplewebauthn/browser';
import type { PasskeyCredential } from './api/auth-api';

type WebAuthn = typeof SimpleWebAuthn;

// @simplewebauthn/browser loads with the first passkey ceremony, in a chunk of its own: no page's first load carries it
// (as the password estimator, see password-strength.ts).
let loading: Promise<WebAuthn> | null = null;
let loaded: WebAuthn | null = null;

/** @simplewebauthn/browser, loaded once whoever asks first (sign-in here, /profile's passkeys). */
export function webAuthn(): Promise<WebAuthn> {
  loading ??= import('@simplewebauthn/browser').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null; // offline: the next ceremony tries again
      throw error;
    },
  );
  return loading;
}

/** Whether this browser can use passkeys at all (checked without loading anything). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether this browser offers the account's passkeys among the email field's suggestions (conditional UI). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return (await webAuthn()).browserSupportsWebAuthnAutofill();
}

/**
 * Runs the browser's passkey ceremony for the server's `options` (PublicKeyCredentialRequestOptionsJSON): its prompt,
 * or with `autofill` a pending request the email field's suggestions answer. A new ceremony cancels the one before.
 */
export async function passkeyAssertion(options: Record<string, unknown>, { autofill = false }: { autofill?: boolean } = {}): Promise<PasskeyCredential> {
  const { startAuthentication } = await webAuthn();
  const credential = await startAuthentication({
    optionsJSON: options as unknown as Parameters<WebAuthn['startAuthentication']>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
  return credential as unknown as PasskeyCredential;
}

/** Ends a pending ceremony (the autofill's, when its page goes away). */
export function cancelPasskeyCeremony(): void {
  loaded?.WebAuthnAbortService.cancelCeremony();
}

/**
 * The person closed the browser's prompt, it timed out, or another ceremony (or the page leaving) ended it: nothing went
 * wrong that a red message would explain (the browser says NotAllowedError for all of the first ones).
 */
export function isPasskeyDismissal(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
