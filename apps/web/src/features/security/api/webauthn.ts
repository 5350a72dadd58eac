import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { isPasskeyDismissal, webAuthn as library } from '../../auth';

/** Whether this browser can make passkeys at all (WebAuthn). */
export async function webAuthnSupported(): Promise<boolean> {
  return (await library()).browserSupportsWebAuthn();
}

/** The browser's own refusal to make a passkey: one is already on this device for the account. */
export class PasskeyAlreadyOnDevice extends Error {
  constructor() {
    super('This authenticator already holds a passkey of the account');
    this.name = 'PasskeyAlreadyOnDevice';
  }
}

/**
 * Asks the browser to make a passkey for the registration `options` (its prompt: fingerprint, face, PIN, a security
 * key). Null when the person closed the prompt or let it time out, which is no error: they changed their mind.
 */
export async function createPasskey(options: Record<string, unknown>): Promise<RegistrationResponseJSON | null> {
  const { startRegistration, WebAuthnError } = await library();
  try {
    return await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new PasskeyAlreadyOnDevice();
    if (isPasskeyDismissal(error)) return null;
    throw error;
  }
}
