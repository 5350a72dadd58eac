import type { FastifyReply } from 'fastify';
import { newApiKey } from '../core/security/api-key-format';
import type { KeyAccount, KeyTake, RateLimitStore } from '../repositories/rate-limit-store';
import { API_PLAN_LIMITS } from '../repositories/schema/api-plans';
import { ApiKeyAccess } from './api-key-access.service';
import { ApiKeyFailures } from './api-key-failures';
import type { ApiLimits } from './api-limits';
import type { ApiPlansService } from './api-plans.service';
import { KeyTakeBatches } from './key-take-batches';

const key = { id: 'k1', userId: 'u1', scope: 'read-only' as const, isAnonymous: false };

/**
 * api_key_take_many as PostgreSQL answers it, for one account with `left` requests left: each call takes, in order,
 * one unit per request whose address has not failed too often, and refuses the rest. Each call waits until released.
 */
function fakeStore(left: number, failures: Record<string, number> = {}) {
  const calls: { failuresKeys: string[]; account: KeyAccount | undefined }[] = [];
  const pending: { release: () => void; fail: (error: Error) => void }[] = [];
  const store = {
    takeWithKey: (failuresKeys: string[], limit: number, _hash: string, account: KeyAccount | undefined) => {
      calls.push({ failuresKeys, account });
      return new Promise<KeyTake[]>((resolve, reject) => {
        pending.push({
          release: () =>
            resolve(
              failuresKeys.map((failuresKey) => {
                const hits = failures[failuresKey] ?? 0;
                if (hits > limit) return { failures: { hits, msLeft: 30_000 } };
                if (!account) return { failures: { hits, msLeft: 0 }, key };
                const allowed = left > 0;
                if (allowed) left -= 1;
                return { failures: { hits, msLeft: 0 }, key, take: { allowed, limitedBy: allowed ? null : 'minute', tat: 1_000_300 - left * 6, now: 1_000_000, monthCount: 7 } };
              }),
            ),
          fail: reject,
        });
      });
    },
  } as unknown as RateLimitStore;
  /** Lets the oldest call still under way answer (or fail), and the promises it settles run. */
  const settle = async (error?: Error) => {
    const call = pending.shift();
    if (!call) throw new Error('no call under way');
    if (error) call.fail(error);
    else call.release();
    await turn();
  };
  return { store, calls, settle, pending };
}

/** The end of this turn of the event loop (a first call starts then) and what it settles. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

const account: KeyAccount = { id: 'u1', intervalSeconds: 6, burst: 50, monthLimit: 1000 };
const address = (i: number) => ApiKeyFailures.keyOf(`198.51.100.${i}`);

/** What a take came to (handled at once, so that a rejection is never left unhandled). */
const outcome = (take: Promise<KeyTake>) =>
  take.then(
    (t) => (t.take ? (t.take.allowed ? 'allowed' : 'refused') : t.key ? 'key' : 'over'),
    (error: Error) => `rejected: ${error.message}`,
  );
const outcomes = (takes: Promise<string>[]) => Promise.all(takes);

describe('KeyTakeBatches', () => {
  it('takes the requests of one turn, then those that come while a take is under way, together, in their order', async () => {
    const { store, calls, settle } = fakeStore(10);
    const batches = new KeyTakeBatches(store, ApiKeyFailures.perAddress);
    const takes = [1, 2, 3].map((i) => outcome(batches.take(address(i), 'hash', account)));
    expect(calls).toEqual([]);
    await turn();
    expect(calls.map((c) => c.failuresKeys)).toEqual([[address(1), address(2), address(3)]]);
    takes.push(outcome(batches.take(address(4), 'hash', account)));
    await turn();
    takes.push(outcome(batches.take(address(5), 'hash', account)));
    expect(calls).toHaveLength(1);
    await settle();
    expect(calls.map((c) => c.failuresKeys)).toEqual([[address(1), address(2), address(3)], [address(4), address(5)]]);
    await settle();
    expect(calls.every((c) => c.account === account)).toBe(true);
    expect(await outcomes(takes)).toEqual(Array(5).fill('allowed'));
    // Every call answered, none under way: the next request starts a call of its own.
    const next = outcome(batches.take(address(6), 'hash', account));
    await turn();
    expect(calls).toHaveLength(3);
    await settle();
    expect(await outcomes([next])).toEqual(['allowed']);
  });

  it('lets exactly as many through as are left: with 3 left and 5 waiting, the first 3 of them', async () => {
    const { store, calls, settle } = fakeStore(4);
    const batches = new KeyTakeBatches(store, ApiKeyFailures.perAddress);
    const takes = [outcome(batches.take(address(0), 'hash', account))];
    await turn();
    takes.push(...[1, 2, 3, 4, 5].map((i) => outcome(batches.take(address(i), 'hash', account))));
    await settle();
    await settle();
    expect(calls.map((c) => c.failuresKeys.length)).toEqual([1, 5]);
    expect(await outcomes(takes)).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'refused', 'refused']);
  });

  it('answers each request of a batch with its own address’s failed keys', async () => {
    const { store, calls, settle } = fakeStore(10, { [address(2)]: ApiKeyFailures.perAddress + 1 });
    const batches = new KeyTakeBatches(store, ApiKeyFailures.perAddress);
    const takes = [0, 1, 2, 3].map((i) => outcome(batches.take(address(i), 'hash', account)));
    await turn();
    await settle();
    expect(calls).toHaveLength(1);
    expect(await outcomes(takes)).toEqual(['allowed', 'allowed', 'over', 'allowed']);
  });

  it('fails every request of a failed call, leaves none waiting, and takes the ones that came meanwhile in the next call', async () => {
    const { store, calls, settle, pending } = fakeStore(10);
    const batches = new KeyTakeBatches(store, ApiKeyFailures.perAddress);
    const takes = [outcome(batches.take(address(0), 'hash', account))];
    await turn();
    takes.push(...[1, 2].map((i) => outcome(batches.take(address(i), 'hash', account))));
    await settle();
    // 1 and 2 are now one call under way; 3 comes during it.
    takes.push(outcome(batches.take(address(3), 'hash', account)));
    await settle(new Error('connection terminated'));
    expect(calls.map((c) => c.failuresKeys)).toEqual([[address(0)], [address(1), address(2)], [address(3)]]);
    takes.push(outcome(batches.take(address(4), 'hash', account)));
    await settle();
    await settle();
    expect(calls.map((c) => c.failuresKeys)).toEqual([[address(0)], [address(1), address(2)], [address(3)], [address(4)]]);
    expect(await outcomes(takes)).toEqual(['allowed', 'rejected: connection terminated', 'rejected: connection terminated', 'allowed', 'allowed']);
    expect(pending).toEqual([]);
  });

  it('takes separately the keys, and the same key for another account or plan', async () => {
    const { store, calls, settle } = fakeStore(10);
    const batches = new KeyTakeBatches(store, ApiKeyFailures.perAddress);
    const takes = [
      batches.take(address(0), 'hash', account),
      batches.take(address(1), 'other', account),
      batches.take(address(2), 'hash', undefined),
      batches.take(address(3), 'hash', { ...account, burst: 200 }),
    ].map(outcome);
    await turn();
    expect(calls).toHaveLength(4);
    for (let i = 0; i < 4; i++) await settle();
    expect(await outcomes(takes)).toEqual(['allowed', 'allowed', 'key', 'allowed']);
  });
});

describe('ApiKeyAccess with concurrent requests of one key', () => {
  it('answers 200s and 429s in the order the requests came, with the RateLimit fields of each one’s own take', async () => {
    const { store, calls, settle } = fakeStore(4);
    const limits = { admit: jest.fn(async () => undefined) } as unknown as ApiLimits;
    const plans = { limitsOf: async () => ({ plan: 'free', limits: API_PLAN_LIMITS.free }) } as unknown as ApiPlansService;
    const access = new ApiKeyAccess(store, plans, { fail: jest.fn() } as unknown as ApiKeyFailures, limits);
    const token = newApiKey();
    const reply = () => ({ header: jest.fn(), request: { raw: { socket: {} } } }) as unknown as FastifyReply & { header: jest.Mock };
    // The key's first request learns its account.
    // (admit asks for the plan before the take: its call starts in the turn after.)
    const first = access.admit(token, '198.51.100.1', reply());
    await turn();
    await turn();
    await settle();
    await first;
    const replies = Array.from({ length: 6 }, reply);
    const admitted = replies.map((r, i) => access.admit(token, `198.51.100.${i}`, r).then(() => 200, (e: { status: number }) => e.status));
    await turn();
    await turn();
    await settle();
    expect(calls.map((c) => c.failuresKeys)).toEqual([[address(1)], [0, 1, 2, 3, 4, 5].map(address)]);
    expect(await Promise.all(admitted)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(replies.map((r) => r.header.mock.calls.find(([name]) => name === 'RateLimit')?.[1])).toEqual([
      '"minute";r=3;t=0, "month";r=993;t=0',
      '"minute";r=2;t=0, "month";r=993;t=0',
      '"minute";r=1;t=0, "month";r=993;t=0',
      '"minute";r=0;t=6, "month";r=993;t=0',
      '"minute";r=0;t=6, "month";r=993;t=0',
      '"minute";r=0;t=6, "month";r=993;t=0',
    ]);
  });
});
