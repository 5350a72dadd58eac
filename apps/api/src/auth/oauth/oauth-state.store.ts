import type { FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { clearCookie, cookiesOf, setCookie } from '../../core/http/cookies';
import { randomToken, safeEqual, sign, unsign } from '../../core/security/secrets';
import type { OAuthState } from './oauth-profile';
import { RefreshCookie } from '../refresh-cookie';

const COOKIE = 'gr_oauth';
const MAX_AGE_MS = 10 * 60_000;

type Stored = OAuthState & { state: string; expires: number };

/** The request passport is given (OAuthController): Fastify's, with the raw response it answers on, as Express's req.res. */
export type OAuthRequest = FastifyRequest & { res: ServerResponse };

/**
 * passport-oauth2's state store, without server sessions: the state travels to the provider in the
 * URL and, signed, in an httpOnly cookie; the callback must bring back the same value within 10 min.
 */
export class SignedCookieStateStore {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
    /** Reads what to remember about the request that starts the flow (return path, anonymous user). */
    private readonly describe: (req: OAuthRequest) => Promise<OAuthState>,
  ) {}

  // passport-oauth2 picks the signature by arity: (req, meta, callback).
  store(req: OAuthRequest, _meta: unknown, callback: (err: Error | null, state?: string) => void): void {
    this.describe(req).then(
      (described) => {
        const state = randomToken();
        const stored: Stored = { ...described, state, expires: Date.now() + MAX_AGE_MS };
        setCookie(req.res, COOKIE, sign(JSON.stringify(stored), this.secret), {
          httpOnly: true,
          sameSite: 'lax',
          secure: this.secure,
          path: RefreshCookie.path,
          maxAge: MAX_AGE_MS,
        });
        callback(null, state);
      },
      (e: Error) => callback(e),
    );
  }

  // (req, providedState, meta, callback)
  verify(req: OAuthRequest, provided: string, _meta: unknown, callback: (err: Error | null, ok: boolean, state?: OAuthState | { message: string }) => void): void {
    const raw = cookiesOf(req)[COOKIE];
    clearCookie(req.res, COOKIE, { path: RefreshCookie.path });
    const stored = raw ? unsign(raw, this.secret) : undefined;
    const parsed = stored ? (JSON.parse(stored) as Stored) : undefined;
    if (!parsed || parsed.expires < Date.now() || typeof provided !== 'string' || !safeEqual(parsed.state, provided)) {
      callback(null, false, { message: 'Invalid or expired OAuth state' });
      return;
    }
    callback(null, true, { redirectTo: parsed.redirectTo, linkUserId: parsed.linkUserId });
  }
}
