import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { authErrors } from '../auth/auth-errors';
import type { KeyPrincipal } from '../auth/principals.service';
import { hashToken } from '../core/security/secrets';
import { RateLimitStore } from '../repositories/rate-limit-store';
import { isWellFormedApiKey } from '../core/security/api-key-format';
import { ApiKeyFailures } from './api-key-failures';
import { ApiLimits } from './api-limits';
import { ApiPlansService } from './api-plans.service';
import { KeyTakeBatches } from './key-take-batches';

/** Key hashes whose account is remembered; past this the memory starts again (each key then costs one more trip once). */
const ACCOUNTS_MAX = 10_000;

/** The last well-formed key each connection sent, and its hash (hashOf). */
const lastKeys = new WeakMap<object, { token: string; hash: string }>();

/**
 * The hash of a well-formed key (undefined for any other token). A client sends the same key on every request of a
 * keep-alive connection, and the checksum and the hash of a string never change: the connection's last key is
 * checked and hashed once, not on each request. Nothing is learnt of the key itself: it is still looked up in
 * PostgreSQL on every request, so a revoked one fails on the next.
 */
export function hashOf(token: string, connection: object | undefined): string | undefined {
  const last = connection && lastKeys.get(connection);
  if (last?.token === token) return last.hash;
  if (!isWellFormedApiKey(token)) return undefined;
  const hash = hashToken(token);
  if (connection) lastKeys.set(connection, { token, hash });
  return hash;
}

/**
 * A request made with an API key (docs/developer-api.md, "Keys" and "Limits"): the address's failed keys, the key itself
 * (read on every request, so a revoked one fails on the next) and its account's plan take, in one round trip to
 * PostgreSQL (api_key_take_many), each step only if the one before let the request through, as three round trips did before.
 * The key's concurrent requests share that round trip (KeyTakeBatches), each with its own address and answer.
 * The take needs the account's plan, so the key's account is remembered from its first request (a key never changes
 * account); that first request makes a second trip for the take.
 */
@Injectable()
export class ApiKeyAccess {
  private readonly accounts = new Map<string, string>();
  private readonly batches: KeyTakeBatches;

  constructor(
    store: RateLimitStore,
    private readonly plans: ApiPlansService,
    private readonly failures: ApiKeyFailures,
    private readonly limits: ApiLimits,
  ) {
    this.batches = new KeyTakeBatches(store, ApiKeyFailures.perAddress);
  }

  /**
   * The key's principal, one request of its account's plan taken and the RateLimit fields set on `response`; else the
   * 429 (too many failed keys from `address`, or the plan used up) or 401 (a failure, counted) to answer.
   */
  async admit(token: string, address: string, response: FastifyReply): Promise<KeyPrincipal> {
    const hash = hashOf(token, response.request.raw.socket);
    if (hash === undefined) {
      // Refused without asking for the key (its checksum fails), but a failure like any other.
      await this.failures.check(address);
      await this.failures.fail(address);
      throw authErrors.invalidApiKey();
    }
    const accountId = this.accounts.get(hash);
    const plan = accountId === undefined ? undefined : (await this.plans.limitsOf(accountId)).limits;
    const found = await this.batches.take(ApiKeyFailures.keyOf(address), hash, plan && { id: accountId as string, ...ApiLimits.takeOf(plan) });
    ApiKeyFailures.refuseOver(found.failures);
    if (!found.key || found.key.isAnonymous) {
      await this.failures.fail(address);
      throw authErrors.invalidApiKey();
    }
    const { key } = found;
    this.remember(hash, key.userId);
    if (found.take && plan) ApiLimits.answer(plan, found.take, response);
    else await this.limits.admit(key.userId, response);
    return { via: 'key', userId: key.userId, keyId: key.id, scope: key.scope, isAnonymous: false };
  }

  private remember(hash: string, accountId: string): void {
    if (this.accounts.get(hash) === accountId) return;
    if (this.accounts.size >= ACCOUNTS_MAX) this.accounts.clear();
    this.accounts.set(hash, accountId);
  }
}
