import type { Limiter } from '../metrics/metrics';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimitStore } from '../../repositories/rate-limit-store';

/** 429 with the seconds to wait; the error filter turns `retryAfterSeconds` into a Retry-After header. */
export class RateLimitedException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts; try again later',
    /** Which limit refused (docs/metrics.md: grouarock_limit_refusals_total's `limiter`). */
    readonly limiter: Limiter = 'sign_in',
  ) {
    super({ message, code: 'rate_limited' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** What is being guessed: a password at sign-in, or a second factor's code (counted apart, so one never locks the other). */
export type AttemptScope = 'sign-in' | 'second-factor';

/**
 * Failed sign-ins (or second-factor codes) per account and per client address, in 15-minute windows counted in
 * PostgreSQL (RateLimitStore), so every API process sees the same count: a guessed password or code costs the guesser
 * time, not the owner (a success clears the account's count). Five wrong codes a quarter hour is 480 a day against
 * the one-in-333,333 chance of each (three valid codes in a million), well under NIST SP 800-63B's 100 in a row.
 */
@Injectable()
export class AttemptLimiter {
  static readonly windowMs = 15 * 60_000;
  static readonly perAccount = 5;
  static readonly perAddress = 20;

  constructor(private readonly store: RateLimitStore) {}

  /** Throws RateLimitedException while either key is over its limit. */
  async check(account: string, address: string, scope: AttemptScope = 'sign-in'): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([this.store.peek(accountKey(scope, account)), this.store.peek(addressKey(scope, address))]);
    const waits = [
      byAccount.hits >= AttemptLimiter.perAccount ? byAccount.msLeft : 0,
      byAddress.hits >= AttemptLimiter.perAddress ? byAddress.msLeft : 0,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw new RateLimitedException(Math.max(1, Math.ceil(wait / 1000)), undefined, scope === 'sign-in' ? 'sign_in' : 'second_factor');
  }

  async fail(account: string, address: string, scope: AttemptScope = 'sign-in'): Promise<void> {
    await Promise.all([
      this.store.hit(accountKey(scope, account), AttemptLimiter.windowMs),
      this.store.hit(addressKey(scope, address), AttemptLimiter.windowMs),
    ]);
  }

  async succeed(account: string, scope: AttemptScope = 'sign-in'): Promise<void> {
    await this.store.forget(accountKey(scope, account));
  }
}

const accountKey = (scope: AttemptScope, account: string) => `${scope}-failures:account:${account}`;
const addressKey = (scope: AttemptScope, address: string) => `${scope}-failures:address:${address}`;
