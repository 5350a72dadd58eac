import { Injectable } from '@nestjs/common';
import type { User } from '../repositories/schema/user.entity';
import { UserRepository } from '../repositories/user.repository';
import { authErrors, type SignInFactor } from './auth-errors';
import { MfaService } from './mfa.service';
import { PasskeysService } from './passkeys.service';
import type { Principal } from './principals.service';

/** How recent a sign-in (or re-authentication) must be for what matters (Clerk's "strict" preset; ASVS 7.5.1). */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

/**
 * Re-authentication for what matters (issue 39): changing the email or password, adding or removing a factor or a
 * passkey, deleting the account, making an API key or a webhook, and the data export need a sign-in (or a
 * re-authentication) of this session from the last 10 minutes, else 401 reauthentication_required with the ways this
 * account can give one. An API key passes: it is a credential made in such a moment, and it cannot sign in.
 */
@Injectable()
export class Reauthentication {
  constructor(
    private readonly users: UserRepository,
    private readonly mfa: MfaService,
    private readonly passkeys: PasskeysService,
  ) {}

  async assertRecent(principal: Principal, now = Date.now()): Promise<void> {
    if (principal.via !== 'session') return;
    if (now - principal.authenticatedAt.getTime() <= REAUTHENTICATION_WINDOW_MS) return;
    throw authErrors.reauthenticationRequired(await this.factorsOf(principal.userId));
  }

  /**
   * The ways the account can confirm it is its owner: its password, its app's codes and recovery codes, its passkeys;
   * a code mailed to its confirmed address only when it has none of those (an account made with Google, say), as
   * GitHub does for accounts without a password.
   */
  async factorsOf(userId: string): Promise<SignInFactor[]> {
    return (await this.waysIn(userId)).factors;
  }

  /** What protects the account (read once): its user, whether the app is on, how many passkeys, and so its factors. */
  async waysIn(userId: string): Promise<{ user: User | null; totp: boolean; passkeys: number; factors: SignInFactor[] }> {
    const [user, totp, passkeys] = await Promise.all([this.users.findById(userId), this.mfa.isOn(userId), this.passkeys.count(userId)]);
    const factors: SignInFactor[] = [];
    if (user?.passwordHash) factors.push('password');
    if (totp) factors.push('totp', 'recovery');
    if (passkeys > 0) factors.push('passkey');
    if (!factors.length && user?.email && user.emailConfirmedAt) factors.push('email_code');
    return { user, totp, passkeys, factors };
  }

  /** The second factors a password (or OAuth, or mail-link) sign-in of this account may bring. */
  async secondFactorsOf(userId: string): Promise<SignInFactor[]> {
    return (await this.factorsOf(userId)).filter((f) => f !== 'password' && f !== 'email_code');
  }
}
