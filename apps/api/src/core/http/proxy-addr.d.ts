/**
 * proxy-addr, the package Express itself resolves `req.ip` with (it ships no types of its own). We use it for the
 * client's address outside Express too (WebSocket upgrades), so both follow one rule (client-address.ts).
 */
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  /** Whether the address at `hop` (0: the socket's peer, then X-Forwarded-For from the right) may name the one before it. */
  type Trust = (address: string | undefined, hop: number) => boolean;

  /** The client's address: the first address, from the socket's peer leftwards, that `trust` does not trust. */
  function proxyaddr(request: Pick<IncomingMessage, 'headers' | 'socket'>, trust: Trust): string | undefined;

  namespace proxyaddr {
    export type { Trust };
    /** Every address up to and including the first untrusted one, the socket's peer first. */
    export function all(request: Pick<IncomingMessage, 'headers' | 'socket'>, trust?: Trust): (string | undefined)[];
    /** A trust function for addresses, CIDRs (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) and `loopback`, `linklocal`, `uniquelocal`; throws TypeError on anything else. */
    export function compile(value: string | string[]): Trust;
  }

  export = proxyaddr;
}
