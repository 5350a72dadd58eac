import { Injectable } from '@nestjs/common';
import { RateLimitedException } from '../core/http/attempt-limiter';
import { RateLimitStore, type WindowHit } from '../repositories/rate-limit-store';

/**
 * Failed API-key authentications per client address (docs/developer-api.md, "Keys"), in one-minute windows counted
 * in PostgreSQL (RateLimitStore), so every API process sees the same count. Once an address has failed more than 20
 * times in its window, every key it sends hears 429 until the window ends, a valid key included: otherwise a guesser
 * would learn from the one answer that differs. Successes are not counted and forgive nothing, so a key of one's own
 * does not buy more guesses.
 */
@Injectable()
export class ApiKeyFailures {
  static readonly windowMs = 60_000;
  /** Failures an address may have in a window; the next request is refused. */
  static readonly perAddress = 20;

  constructor(private readonly store: RateLimitStore) {}

  /** The address's window in the shared store. */
  static keyOf(address: string): string {
    return `api-key-failures:address:${address}`;
  }

  /** Throws RateLimitedException while the address is over its limit. */
  async check(address: string): Promise<void> {
    ApiKeyFailures.refuseOver(await this.store.peek(ApiKeyFailures.keyOf(address)));
  }

  /** Throws RateLimitedException when the address's window (as read) is over the limit. */
  static refuseOver({ hits, msLeft }: WindowHit): void {
    if (hits > ApiKeyFailures.perAddress) {
      throw new RateLimitedException(Math.max(1, Math.ceil(msLeft / 1000)), 'Too many failed API key authentications from this address: try again after Retry-After seconds', 'api_key_failures');
    }
  }

  async fail(address: string): Promise<void> {
    await this.store.hit(ApiKeyFailures.keyOf(address), ApiKeyFailures.windowMs);
  }
}
