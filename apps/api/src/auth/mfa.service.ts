import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { type AppConfig, resolveSecretsKeys } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { AttemptLimiter } from '../core/http/attempt-limiter';
import { SecretBox } from '../core/security/secret-box';
import { hashToken } from '../core/security/secrets';
import { AccountSecurityRepository } from '../repositories/account-security.repository';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { authErrors } from './auth-errors';
import { newTotpSecret, totpStep, totpUri } from './totp';

export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 120 random bits as 24 base32 letters in groups of 6 (enough entropy for a plain hash, ASVS 6.5.2). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(24);
  const letters = [...bytes].map((b) => BASE32[b & 31]).join('');
  return letters.match(/.{6}/g)!.join('-');
}

/** What a person types, as it was generated: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  const letters = code.toLowerCase().replace(/[\s-]/g, '');
  return letters.length === 24 ? letters.match(/.{6}/g)!.join('-') : letters;
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/** Which second factor a code proved. */
export type CodeFactor = 'totp' | 'recovery';

/**
 * The authenticator-app factor and its recovery codes: enrolment (a seed, confirmed by its first code), checking a code
 * (each accepted once, attempts limited per account and per address), and turning it off.
 */
@Injectable()
export class MfaService {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: AccountSecurityRepository,
    private readonly attempts: AttemptLimiter,
  ) {
    this.box = new SecretBox(resolveSecretsKeys(config), 'totp secrets');
  }

  isOn(userId: string): Promise<boolean> {
    return this.repository.hasVerifiedTotp(userId);
  }

  recoveryCodesLeft(userId: string): Promise<number> {
    return this.repository.recoveryCodesLeft(userId);
  }

  /** A new seed to scan; the factor stays off until `confirm` brings its first code. */
  async start(userId: string, accountName: string): Promise<TotpEnrolment> {
    if (await this.isOn(userId)) throw new ConflictException({ message: 'An authenticator app is already on: turn it off first to add another', code: 'mfa_already_enabled' });
    const secret = newTotpSecret();
    await this.repository.startTotp(userId, this.box.seal(secret));
    return { secret, uri: totpUri(secret, accountName) };
  }

  /** The first code from the app turns the factor on; the ten recovery codes are returned this once. */
  async confirm(userId: string, code: string, ip: string, now = new Date()): Promise<string[]> {
    const factor = await this.repository.totpOf(userId);
    if (!factor || factor.verifiedAt) throw new NotFoundException({ message: 'Start adding an authenticator app first', code: 'mfa_enrolment_not_started' });
    await this.attempts.check(userId, ip, 'second-factor');
    const step = totpStep(this.box.open(factor.secretSealed), code.trim(), now.getTime());
    if (step === undefined || !(await this.repository.acceptTimeStep(factor.id, step))) {
      await this.attempts.fail(userId, ip, 'second-factor');
      throw authErrors.invalidMfaCode();
    }
    await this.attempts.succeed(userId, 'second-factor');
    await this.repository.markTotpVerified(factor.id, now);
    return this.newRecoveryCodes(userId);
  }

  /** Ten new recovery codes in place of the old ones (which stop working). */
  async newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.repository.replaceRecoveryCodes(userId, codes.map(hashToken));
    return codes;
  }

  /** Turns the authenticator app off, and with it the recovery codes; whether it was on. */
  disable(userId: string): Promise<boolean> {
    return this.repository.removeTotp(userId);
  }

  /**
   * Which factor `code` proves for the account: a current code of its app (accepted once: a replay within its
   * window is refused) or one of its unused recovery codes (spent now). A wrong code counts against the account and
   * the address (AttemptLimiter, its own windows); over either limit, 429 before the code is looked at.
   */
  async verify(userId: string, code: string, ip: string, now = new Date()): Promise<CodeFactor> {
    await this.attempts.check(userId, ip, 'second-factor');
    const factor = await this.repository.totpOf(userId);
    if (factor?.verifiedAt) {
      const trimmed = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(trimmed)) {
        const step = totpStep(this.box.open(factor.secretSealed), trimmed, now.getTime());
        if (step !== undefined && (await this.repository.acceptTimeStep(factor.id, step))) return this.passed(userId, 'totp');
      } else if (await this.repository.spendRecoveryCode(userId, hashToken(normalizeRecoveryCode(code)), now)) {
        return this.passed(userId, 'recovery');
      }
    }
    await this.attempts.fail(userId, ip, 'second-factor');
    throw authErrors.invalidMfaCode();
  }

  private async passed(userId: string, factor: CodeFactor): Promise<CodeFactor> {
    await this.attempts.succeed(userId, 'second-factor');
    return factor;
  }
}
