import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config/trust-proxy';

export type TrustFunction = proxyaddr.Trust;

const compiled = new WeakMap<TrustProxy, TrustFunction>();

/**
 * The trust rule of a TRUST_PROXY setting, in Express's `trust proxy` form: hop 0 is the socket's peer, then the
 * X-Forwarded-For entries from the right. configureApp sets it on Express, so `req.ip` is `clientAddress` below.
 */
export function trustFunction(setting: TrustProxy): TrustFunction {
  let trust = compiled.get(setting);
  if (!trust) {
    const { hops } = setting as { hops?: number };
    trust = hops !== undefined ? (_address, hop) => hop < hops : proxyaddr.compile((setting as { addresses: string[] }).addresses);
    compiled.set(setting, trust);
  }
  return trust;
}

/**
 * The client's address under the setting, for an Express request (where it equals `req.ip`) or a bare IncomingMessage
 * such as a WebSocket upgrade, which Express never sees. Read right to left, X-Forwarded-For is believed only while
 * the address that sent it is trusted, so entries a client adds on the left never count. Every per-address limit
 * reads this (or `req.ip`), never `socket.remoteAddress` or the header itself. `unknown` once the socket is gone.
 */
export function clientAddress(request: Pick<IncomingMessage, 'headers' | 'socket'>, setting: TrustProxy): string {
  return proxyaddr(request, trustFunction(setting)) ?? 'unknown';
}
