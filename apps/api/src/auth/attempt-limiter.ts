import { HttpException, HttpStatus, Injectable } from '@nestjs/common';

/** 429 with the seconds to wait; the error filter turns `retryAfterSeconds` into a Retry-After header. */
export class RateLimitedException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: 'Too many attempts; try again later', code: 'rate_limited' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Failed sign-ins in a sliding window, per account and per client address: a guessed password costs
 * the guesser time, not the owner (a success clears the account's count).
 */
@Injectable()
export class AttemptLimiter {
  static readonly windowMs = 15 * 60_000;
  static readonly perAccount = 5;
  static readonly perAddress = 20;

  private readonly failures = new Map<string, number[]>();

  /** Throws RateLimitedException while either key is over its limit. */
  check(account: string, address: string, now = Date.now()): void {
    const wait = Math.max(this.waitMs(`account:${account}`, AttemptLimiter.perAccount, now), this.waitMs(`address:${address}`, AttemptLimiter.perAddress, now));
    if (wait > 0) throw new RateLimitedException(Math.ceil(wait / 1000));
  }

  fail(account: string, address: string, now = Date.now()): void {
    for (const key of [`account:${account}`, `address:${address}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  succeed(account: string): void {
    this.failures.delete(`account:${account}`);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < AttemptLimiter.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private waitMs(key: string, limit: number, now: number): number {
    const recent = this.recent(key, now);
    return recent.length < limit ? 0 : recent[recent.length - limit] + AttemptLimiter.windowMs - now;
  }
}
