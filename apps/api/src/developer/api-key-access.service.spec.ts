import type { FastifyReply } from 'fastify';
import { hashToken } from '../core/security/secrets';
import type { ApiTake, KeyTake, RateLimitStore } from '../repositories/rate-limit-store';
import { ApiKeyAccess, hashOf } from './api-key-access.service';
import { ApiKeyFailures } from './api-key-failures';
import { newApiKey } from '../core/security/api-key-format';
import { ApiLimits } from './api-limits';
import { API_PLAN_LIMITS } from '../repositories/schema/api-plans';
import type { ApiPlansService } from './api-plans.service';

const FREE = API_PLAN_LIMITS.free;
const allowed: ApiTake = { allowed: true, limitedBy: null, tat: 1_000_006, now: 1_000_000, monthCount: 7 };

/** api_key_take as PostgreSQL answers it (what each step found), recording what it was asked. */
function storeAnswering(answer: (account: unknown) => KeyTake) {
  const asked: { failuresKey: string; limit: number; hash: string; account: unknown }[] = [];
  const store = {
    takeWithKey: async (failuresKeys: string[], limit: number, hash: string, account: unknown) => {
      for (const failuresKey of failuresKeys) asked.push({ failuresKey, limit, hash, account });
      return failuresKeys.map(() => answer(account));
    },
  } as unknown as RateLimitStore;
  return { store, asked };
}

function accessWith(store: RateLimitStore) {
  const failures = { check: jest.fn(async () => undefined), fail: jest.fn(async () => undefined) };
  const admitted: string[] = [];
  const limits = { admit: async (accountId: string) => void admitted.push(accountId) } as unknown as ApiLimits;
  const plans = { limitsOf: async () => ({ plan: 'free', limits: FREE }) } as unknown as ApiPlansService;
  return { access: new ApiKeyAccess(store, plans, failures as unknown as ApiKeyFailures, limits), failures, admitted };
}

/** A reply to a request on `connection` (a connection of its own unless given). */
const response = (connection: object = {}) => {
  const headers: Record<string, string> = {};
  return { headers, res: { header: (name: string, value: string) => void (headers[name] = value), request: { raw: { socket: connection } } } as unknown as FastifyReply };
};

/** `key` with its last character changed, so its checksum fails (to another one: a random key ends in x one time in 62). */
const malformed = (key: string) => `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;

describe('ApiKeyAccess', () => {
  const key = newApiKey();
  const found = { id: 'k1', userId: 'u1', scope: 'read-only' as const, isAnonymous: false };

  it("asks for the key and its account's take in one round trip once the key's account is known", async () => {
    const { store, asked } = storeAnswering((account) => ({ failures: { hits: 3, msLeft: 1000 }, key: found, take: account ? allowed : undefined }));
    const { access, admitted } = accessWith(store);
    // The first request of a key: its account is not known yet, so the take is a second trip (ApiLimits.admit).
    await expect(access.admit(key, '198.51.100.1', response().res)).resolves.toEqual({ via: 'key', userId: 'u1', keyId: 'k1', scope: 'read-only', isAnonymous: false });
    expect(admitted).toEqual(['u1']);
    const { res, headers } = response();
    await access.admit(key, '198.51.100.1', res);
    expect(admitted).toEqual(['u1']);
    expect(asked).toEqual([
      { failuresKey: 'api-key-failures:address:198.51.100.1', limit: ApiKeyFailures.perAddress, hash: hashToken(key), account: undefined },
      { failuresKey: 'api-key-failures:address:198.51.100.1', limit: 20, hash: hashToken(key), account: { id: 'u1', intervalSeconds: 6, burst: 50, monthLimit: 1000 } },
    ]);
    expect(headers).toEqual({ 'RateLimit-Policy': '"minute";q=10;w=60;grk-burst=50, "month";q=1000;w=2592000', RateLimit: expect.stringMatching(/^"minute";r=\d+;t=0, "month";r=993;t=0$/) });
  });

  it("answers the plan's 429 when the take was refused", async () => {
    const { store } = storeAnswering((account) => ({ failures: { hits: 0, msLeft: 0 }, key: found, take: account ? { ...allowed, allowed: false, limitedBy: 'minute', tat: 1_000_300 } : undefined }));
    const { access } = accessWith(store);
    await access.admit(key, '198.51.100.2', response().res);
    await expect(access.admit(key, '198.51.100.2', response().res)).rejects.toMatchObject({ status: 429, response: { code: 'quota_exceeded' } });
  });

  it('answers 429 to an address over the failure limit, whatever its key, and counts nothing more', async () => {
    const { store } = storeAnswering(() => ({ failures: { hits: ApiKeyFailures.perAddress + 1, msLeft: 41_500 } }));
    const { access, failures, admitted } = accessWith(store);
    await expect(access.admit(key, '198.51.100.3', response().res)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
    expect([failures.fail.mock.calls, admitted]).toEqual([[], []]);
  });

  it.each([
    ['unknown, revoked or expired', undefined],
    ["an anonymous account's", { ...found, isAnonymous: true }],
  ])('refuses a key that is %s with 401, counted against the address', async (_name, answer) => {
    const { store } = storeAnswering(() => ({ failures: { hits: 0, msLeft: 0 }, key: answer }));
    const { access, failures, admitted } = accessWith(store);
    await expect(access.admit(key, '198.51.100.4', response().res)).rejects.toMatchObject({ status: 401, response: { code: 'invalid_api_key' } });
    expect([failures.fail.mock.calls, admitted]).toEqual([[['198.51.100.4']], []]);
  });

  it('refuses a malformed key without asking for it, once the address is checked, and counts it as a failure', async () => {
    const { store, asked } = storeAnswering(() => ({ failures: { hits: 0, msLeft: 0 } }));
    const { access, failures } = accessWith(store);
    await expect(access.admit(malformed(key), '198.51.100.5', response().res)).rejects.toMatchObject({ status: 401 });
    expect([asked, failures.check.mock.calls, failures.fail.mock.calls]).toEqual([[], [['198.51.100.5']], [['198.51.100.5']]]);
  });

  it('asks PostgreSQL for the key on every request of a connection, so a key revoked in between fails on the next', async () => {
    let revoked = false;
    const { store, asked } = storeAnswering(() => ({ failures: { hits: 0, msLeft: 0 }, key: revoked ? undefined : found }));
    const { access } = accessWith(store);
    const connection = {};
    await access.admit(key, '198.51.100.6', response(connection).res);
    revoked = true;
    await expect(access.admit(key, '198.51.100.6', response(connection).res)).rejects.toMatchObject({ status: 401 });
    expect(asked.map((a) => a.hash)).toEqual([hashToken(key), hashToken(key)]);
  });
});

describe('hashOf', () => {
  it("hashes a well-formed key, remembering only each connection's last one, and refuses any other token", () => {
    const [one, two] = [newApiKey(), newApiKey()];
    const connection = {};
    expect(hashOf(one, connection)).toBe(hashToken(one));
    expect(hashOf(one, connection)).toBe(hashToken(one));
    expect(hashOf(two, connection)).toBe(hashToken(two));
    // A token that is not the connection's last key is checked afresh: a mistyped one is refused.
    expect(hashOf(malformed(two), connection)).toBeUndefined();
    expect(hashOf(two, connection)).toBe(hashToken(two));
    expect(hashOf(one, {})).toBe(hashToken(one));
    expect(hashOf(one, undefined)).toBe(hashToken(one));
    expect(hashOf('grk_short', undefined)).toBeUndefined();
  });
});
