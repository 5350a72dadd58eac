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

/**
 * Failed sign-ins per account and per client address, in 15-minute windows counted in PostgreSQL (RateLimitStore),
 * so every API process sees the same count: a guessed password costs the guesser time, not the owner (a success
 * clears the account's count).
 */
@Injectable()
export class AttemptLimiter {
  static readonly windowMs = 15 * 60_000;
  static readonly perAccount = 5;
  static readonly perAddress = 20;

  constructor(private readonly store: RateLimitStore) {}

  /** Throws RateLimitedException while either key is over its limit. */
  async check(account: string, address: string): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([this.store.peek(accountKey(account)), this.store.peek(addressKey(address))]);
    const waits = [
      byAccount.hits >= AttemptLimiter.perAccount ? byAccount.msLeft : 0,
      byAddress.hits >= AttemptLimiter.perAddress ? byAddress.msLeft : 0,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw new RateLimitedException(Math.max(1, Math.ceil(wait / 1000)));
  }

  async fail(account: string, address: string): Promise<void> {
    await Promise.all([this.store.hit(accountKey(account), AttemptLimiter.windowMs), this.store.hit(addressKey(address), AttemptLimiter.windowMs)]);
  }

  async succeed(account: string): Promise<void> {
    await this.store.forget(accountKey(account));
  }
}

const accountKey = (account: string) => `sign-in-failures:account:${account}`;
const addressKey = (address: string) => `sign-in-failures:address:${address}`;
