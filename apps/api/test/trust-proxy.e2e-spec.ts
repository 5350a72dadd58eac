import { AttemptLimiter } from '../src/core/http/attempt-limiter';
import { newApiKey } from '../src/core/security/api-key-format';
import { ApiKeyFailures } from '../src/developer/api-key-failures';
import { signedInMember, useApiUnderTest } from './support/app';

/**
 * Behind a proxy in another container (TRUST_PROXY=1), every request comes from the proxy's address; the limits must
 * count the client the proxy names. Here the test's loopback connection plays the proxy, and X-Forwarded-For ends with
 * the address it appended; what a client wrote on its left never counts. The address rule itself, hop counts, CIDR
 * lists and the default's refusal of the header from other peers, is unit-tested in core/http/client-address.spec.ts.
 */
describe('TRUST_PROXY=1: the limits count the client the proxy names, not the proxy', () => {
  const api = useApiUnderTest(() => ({ TRUST_PROXY: '1' }));
  const signIn = (forwardedFor: string, email: string, password: string) =>
    fetch(`${api.base}/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
    });

  it('locks the client that failed too many sign-ins, whatever it puts in the header, and only that client', async () => {
    const [clientA, clientB] = ['203.0.113.10', '203.0.113.20'];
    const a = await signedInMember(api, clientA);
    const b = await signedInMember(api, clientB);
    const statuses: number[] = [];
    for (let i = 0; i <= AttemptLimiter.perAddress; i++) {
      // A new address on the left each time, as a client trying to pass for someone else would send.
      statuses.push((await signIn(`198.51.100.${i}, ${clientA}`, `victim${i}@example.com`, 'guess123')).status);
    }
    expect(statuses.slice(0, AttemptLimiter.perAddress)).toEqual(Array(AttemptLimiter.perAddress).fill(400));
    expect(statuses.at(-1)).toBe(429);
    expect((await signIn(clientA, a.email, 'riff-raff-123')).status).toBe(429);

    expect((await signIn(clientB, b.email, 'riff-raff-123')).status).toBe(200);
    // Naming the locked client on the left does not lock anyone else either.
    expect((await signIn(`${clientA}, ${clientB}`, b.email, 'riff-raff-123')).status).toBe(200);
  });

  it('refuses every key from the client with too many failed keys, and only from it', async () => {
    const [guesser, other] = ['203.0.113.30', '203.0.113.40'];
    const get = (forwardedFor: string, key: string) => fetch(`${api.base}/radio/stations`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': forwardedFor } });
    const statuses: number[] = [];
    for (let i = 0; i <= ApiKeyFailures.perAddress + 1; i++) statuses.push((await get(`198.51.100.${i}, ${guesser}`, newApiKey())).status);
    expect(statuses.slice(0, ApiKeyFailures.perAddress + 1)).toEqual(Array(ApiKeyFailures.perAddress + 1).fill(401));
    expect(statuses.at(-1)).toBe(429);
    expect((await get(other, newApiKey())).status).toBe(401);
  });
});

describe('TRUST_PROXY as addresses: a balancer on the internal network behind the local proxy is trusted too', () => {
  // As fixed to loopback before TRUST_PROXY, every client here was 10.0.0.5, the balancer: one lock for everyone.
  const api = useApiUnderTest(() => ({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }));
  const signIn = (forwardedFor: string, email: string, password: string) =>
    fetch(`${api.base}/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
    });

  it('locks the client behind both, and only that client', async () => {
    const [clientA, clientB, balancer] = ['203.0.113.50', '203.0.113.60', '10.0.0.5'];
    const b = await signedInMember(api, clientB);
    let status = 0;
    for (let i = 0; i <= AttemptLimiter.perAddress; i++) status = (await signIn(`${clientA}, ${balancer}`, `victim${i}@example.com`, 'guess123')).status;
    expect(status).toBe(429);
    expect((await signIn(`${clientB}, ${balancer}`, b.email, 'riff-raff-123')).status).toBe(200);
  });
});
