import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config/trust-proxy';

export type TrustFunction = proxyaddr.Trust;

const compiled = new WeakMap<TrustProxy, TrustFunction>();

/** Addresses whose verdict is remembered (a rule over addresses answers the same for an address every time). */
const VERDICTS_MAX = 1000;

/**
 * The trust rule of a TRUST_PROXY setting, in proxy-addr's form (Express's `trust proxy`, Fastify's `trustProxy`): hop 0 is the socket's peer, then the
 * X-Forwarded-For entries from the right. createApp gives it to Fastify, so `request.ip` is `clientAddress` below.
 */
export function trustFunction(setting: TrustProxy): TrustFunction {
  let trust = compiled.get(setting);
  if (!trust) {
    const { hops } = setting as { hops?: number };
    trust = hops !== undefined ? (_address, hop) => hop < hops : remembered(proxyaddr.compile((setting as { addresses: string[] }).addresses));
    compiled.set(setting, trust);
  }
  return trust;
}

/**
 * An address rule with its verdicts remembered: every request asks it about the same few hops (the proxy in front,
 * loopback), and each answer parses the address anew (docs/request-path.md). Bounded, since X-Forwarded-For is the
 * client's to write.
 */
function remembered(rule: TrustFunction): TrustFunction {
  const verdicts = new Map<string, boolean>();
  return (address, hop) => {
    if (address === undefined) return rule(address, hop);
    let verdict = verdicts.get(address);
    if (verdict === undefined) {
      verdict = rule(address, hop);
      if (verdicts.size >= VERDICTS_MAX) verdicts.clear();
      verdicts.set(address, verdict);
    }
    return verdict;
  };
}

/**
 * The client's address under the setting, for a request (where it equals Fastify's `request.ip`) or a bare
 * IncomingMessage such as a WebSocket upgrade, which Fastify never sees. Read right to left, X-Forwarded-For is believed only while
 * the address that sent it is trusted, so entries a client adds on the left never count. Every per-address limit
 * reads this (or `req.ip`), never `socket.remoteAddress` or the header itself. `unknown` once the socket is gone.
 */
export function clientAddress(request: Pick<IncomingMessage, 'headers' | 'socket'>, setting: TrustProxy): string {
  return proxyaddr(request, trustFunction(setting)) ?? 'unknown';
}
