import { sign, unsign } from '../core/security/secrets';

/**
 * The header a replica adds to a WHEP, PATCH or DELETE it forwards to the process whose engine has the stream's media
 * (docs/live.md, "Several replicas"): the viewer's address, signed with the secret every replica shares (JWT_SECRET).
 * Its presence, once verified, also says the request was forwarded already: the origin answers it from its own state.
 */
export const FORWARDED_HEADER = 'x-grouarock-forwarded';

/** How long a mark is taken: the forward is one request; the rest is for replicas' clocks apart. */
const MARK_SECONDS = 60;

/** What the mark holds: the request it was made for (`whep:<stream>` or `session:<session>`), the client's address, its end. */
interface ForwardClaims {
  kind: 'webrtc-forward';
  for: string;
  address: string;
  exp: number;
}

/** The mark for a request about `target`, from a client at `address`. */
export function markForwarded(secret: string, target: string, address: string, now = Date.now()): string {
  const claims: ForwardClaims = { kind: 'webrtc-forward', for: target, address, exp: Math.floor(now / 1000) + MARK_SECONDS };
  return sign(JSON.stringify(claims), secret);
}

/**
 * The client's address a replica vouched for, when `header` is a mark signed with `secret` for this very request
 * (`target`) that has not run out; undefined for anything else (no header, a forged or altered one, another request's),
 * which is then taken as a request from a client like any other.
 */
export function readForwarded(header: string | string[] | undefined, secret: string, target: string, now = Date.now()): { address: string } | undefined {
  if (typeof header !== 'string') return undefined;
  const text = unsign(header, secret);
  if (text === undefined) return undefined;
  let claims: Partial<ForwardClaims> | null;
  try {
    claims = JSON.parse(text) as Partial<ForwardClaims> | null;
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  if (claims.kind !== 'webrtc-forward' || claims.for !== target || typeof claims.address !== 'string' || typeof claims.exp !== 'number') return undefined;
  return claims.exp * 1000 > now ? { address: claims.address } : undefined;
}
