import proxyaddr from 'proxy-addr';

/**
 * Which hops in front of the API may name the client's address in X-Forwarded-For (TRUST_PROXY): the last `hops`
 * addresses, or those in `addresses` (IPs, CIDRs and the names `loopback`, `linklocal`, `uniquelocal`).
 * core/http/client-address.ts turns it into the one rule every per-address limit reads.
 */
export type TrustProxy = { hops: number } | { addresses: string[] };

export const DEFAULT_TRUST_PROXY: TrustProxy = { addresses: ['loopback'] };

/** More proxies than this in a row is a typo, not a deployment. */
const MAX_HOPS = 10;

export const TRUST_PROXY_FORMS = `loopback, a number of hops from 0 to ${MAX_HOPS}, or addresses and CIDRs separated by commas (also linklocal, uniquelocal)`;

/**
 * TRUST_PROXY's value, or undefined when it is none of the forms. `true` (trust every hop) is refused on purpose: any
 * client could then pick its own address by sending the header.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  if (/^\d+$/.test(value)) return Number(value) <= MAX_HOPS ? { hops: Number(value) } : undefined;
  const addresses = value.split(',').map((entry) => entry.trim());
  if (addresses.some((entry) => !entry)) return undefined;
  try {
    // The same parser Express would use: what passes here is what the trust function accepts.
    proxyaddr.compile(addresses);
  } catch {
    return undefined;
  }
  return { addresses };
}
