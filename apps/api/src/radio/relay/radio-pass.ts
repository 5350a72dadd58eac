import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { type CookieOptions, clearCookie, cookiesOf, setCookie } from '../../core/http/cookies';
import { sign, unsign } from '../../core/security/secrets';
import { SessionsService } from '../../auth/sessions.service';
import { type AppConfig, resolveJwtSecret } from '../../core/config/config';
import { APP_CONFIG } from '../../core/config/config.module';
import { API_PREFIX } from '../../core/http/openapi';
import { SessionRepository } from '../../repositories/session.repository';

/** What the pass holds: the session it was given to, and that session's user. */
interface PassClaims {
  kind: 'radio-pass';
  sid: string;
  sub: string;
}

/**
 * The radio pass: an HttpOnly cookie sent only to /radio, so the relay knows whose plan an audio element's request
 * plays on (an audio element sends no access token). It names the session it was given to, signed; the relay honours it
 * only while that session lasts, so signing out (or a revoked session) ends it at once.
 */
@Injectable()
export class RadioPass {
  static readonly name = 'gr_radio';
  static readonly path = `/${API_PREFIX}/radio`;
  private readonly secret: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionRepository,
  ) {
    this.secret = resolveJwtSecret(config);
  }

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https:'), path: RadioPass.path };
  }

  /** Gives the browser a pass for this session (as long-lived as the session's refresh token). */
  set(res: FastifyReply, sessionId: string, userId: string): void {
    const claims: PassClaims = { kind: 'radio-pass', sid: sessionId, sub: userId };
    setCookie(res, RadioPass.name, sign(JSON.stringify(claims), this.secret), { ...this.options(), maxAge: SessionsService.refreshTokenTtlMs });
  }

  clear(res: FastifyReply): void {
    clearCookie(res, RadioPass.name, this.options());
  }

  /** The user of the request's pass while its session lasts; undefined for no pass, a forged one, or an ended session. */
  async userOf(req: Pick<IncomingMessage, 'headers'>): Promise<string | undefined> {
    const raw = cookiesOf(req)[RadioPass.name];
    const text = raw && raw.length <= 1024 ? unsign(raw, this.secret) : undefined;
    const claims = text ? parseClaims(text) : undefined;
    if (!claims) return undefined;
    return (await this.sessions.isActive(claims.sid)) ? claims.sub : undefined;
  }
}

function parseClaims(text: string): PassClaims | undefined {
  try {
    const claims = JSON.parse(text) as Partial<PassClaims>;
    return claims.kind === 'radio-pass' && typeof claims.sid === 'string' && typeof claims.sub === 'string' ? (claims as PassClaims) : undefined;
  } catch {
    return undefined;
  }
}
