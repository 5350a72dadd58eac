import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { AccountSecurityRepository } from '../repositories/account-security.repository';
import type { Passkey } from '../repositories/schema/passkey.entity';
import type { User } from '../repositories/schema/user.entity';
import { authErrors } from './auth-errors';

/** Supabase Auth's limit, and plenty for a phone, a laptop and two security keys. */
export const MAX_PASSKEYS = 10;
const CHALLENGE_TTL_MS = 5 * 60_000;

export interface Ceremony<T> {
  challengeId: string;
  options: T;
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registering one for a signed-in account, and proving one for a sign-in,
 * a second factor or a re-authentication. The relying party is PUBLIC_URL's host; only its origin is accepted. User
 * verification is required, so a passkey alone is a full sign-in (two factors: the device and its PIN or biometric).
 * Challenges live in the database (any replica finishes a ceremony another began), single-use, for 5 minutes.
 */
@Injectable()
export class PasskeysService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: AccountSecurityRepository,
  ) {
    const url = new URL(config.publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  list(userId: string): Promise<Passkey[]> {
    return this.repository.passkeysOf(userId);
  }

  count(userId: string): Promise<number> {
    return this.repository.countPasskeys(userId);
  }

  /** Options for the browser's navigator.credentials.create(): a discoverable credential, not one the account has already. */
  async registrationOptions(user: User): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
    const existing = await this.repository.passkeysOf(user.id);
    if (existing.length >= MAX_PASSKEYS) throw new ConflictException({ message: `An account may have ${MAX_PASSKEYS} passkeys: remove one first`, code: 'too_many_passkeys' });
    const name = user.email ?? user.username ?? user.id;
    const options = await generateRegistrationOptions({
      rpName: 'GrouaRock',
      rpID: this.rpID,
      userName: name,
      userDisplayName: user.displayName ?? name,
      userID: Buffer.from(user.id.replace(/-/g, ''), 'hex'),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return { challengeId: await this.repository.addChallenge('registration', options.challenge, user.id, this.expiry()), options };
  }

  /** Verifies the browser's answer to `registrationOptions` and keeps the passkey under `name`. */
  async register(userId: string, challengeId: string, response: RegistrationResponseJSON, name: string): Promise<Passkey> {
    const challenge = await this.repository.takeChallenge(challengeId, 'registration', new Date());
    if (!challenge || challenge.userId !== userId) throw authErrors.invalidPasskey();
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw authErrors.invalidPasskey();
    }
    if (!verified.verified) throw authErrors.invalidPasskey();
    const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verified.registrationInfo;
    if (await this.repository.passkeyByCredentialId(credential.id)) {
      throw new ConflictException({ message: 'This passkey is already registered', code: 'passkey_exists' });
    }
    return this.repository.addPasskey({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: name.trim().slice(0, 64) || 'Passkey',
      aaguid: aaguid && aaguid !== '00000000-0000-0000-0000-000000000000' ? aaguid : null,
    });
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey> {
    const passkey = await this.repository.renamePasskey(userId, id, name.trim().slice(0, 64));
    if (!passkey) throw notFound();
    return passkey;
  }

  async remove(userId: string, id: string): Promise<Passkey> {
    const passkey = await this.repository.removePasskey(userId, id);
    if (!passkey) throw notFound();
    return passkey;
  }

  /**
   * Options for navigator.credentials.get(). Without `userId` (a sign-in) any of the site's passkeys may answer, the
   * browser offering them (also in the address field's autofill); with it (a second factor, a re-authentication),
   * only that account's.
   */
  async authenticationOptions(userId?: string): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
    const allowCredentials = userId ? (await this.repository.passkeysOf(userId)).map((p) => ({ id: p.credentialId, transports: p.transports as never })) : [];
    const options = await generateAuthenticationOptions({ rpID: this.rpID, allowCredentials, userVerification: 'required' });
    return { challengeId: await this.repository.addChallenge('authentication', options.challenge, userId ?? null, this.expiry()), options };
  }

  /**
   * The account whose passkey answered the challenge (of `userId` when given). The signature, origin, relying party,
   * user verification and counter are checked; a counter that did not grow (but for authenticators that always say 0)
   * is refused, and two sign-ins with one signature: only one passes.
   */
  async authenticate(challengeId: string, response: AuthenticationResponseJSON, userId?: string): Promise<Passkey> {
    const now = new Date();
    const challenge = await this.repository.takeChallenge(challengeId, 'authentication', now);
    const passkey = challenge && typeof response?.id === 'string' ? await this.repository.passkeyByCredentialId(response.id) : null;
    // The passkey must be of the account the challenge was made for, and of the one asking, when either is known.
    if (!challenge || !passkey || (challenge.userId && passkey.userId !== challenge.userId) || (userId && passkey.userId !== userId)) throw authErrors.invalidPasskey();
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as never },
        requireUserVerification: true,
      });
    } catch {
      throw authErrors.invalidPasskey();
    }
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    if (!verified.verified || !(await this.repository.recordPasskeyUse(passkey, newCounter, credentialBackedUp, now))) throw authErrors.invalidPasskey();
    return { ...passkey, counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: now };
  }

  private expiry(): Date {
    return new Date(Date.now() + CHALLENGE_TTL_MS);
  }
}

const notFound = () => new NotFoundException({ message: 'No such passkey on your account', code: 'passkey_not_found' });
