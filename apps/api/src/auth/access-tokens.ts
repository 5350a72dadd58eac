import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AssuranceLevel, AuthMethod, AuthMethodClaim } from '../repositories/schema/session.entity';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /** The session's id. */
  sid: string;
  is_anonymous: boolean;
  /** The session's assurance level and how it was proven, newest first (as Supabase Auth writes them). */
  aal: AssuranceLevel;
  amr: AuthMethodClaim[];
}

export interface IssuedAccessToken {
  token: string;
  expiresIn: number;
  expiresAt: number;
}

/** The first factor a sign-in proved, carried by an MFA token to the step that asks for the second. */
export interface MfaClaims {
  sub: string;
  method: AuthMethod;
}

/** The audience of MFA tokens: never accepted as an access token (whose audience is the API's), nor the other way round. */
const MFA_AUDIENCE = 'grouarock-mfa';
export const MFA_TOKEN_TTL_SECONDS = 300;

/** Short-lived JWTs: HS256 only, issuer and audience set and checked (JwtModule is configured in AuthModule). */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  async issue(claims: AccessClaims, ttlSeconds: number): Promise<IssuedAccessToken> {
    const now = Math.floor(Date.now() / 1000);
    const { sub, ...rest } = claims;
    const token = await this.jwt.signAsync({ ...rest, session_id: claims.sid }, { subject: sub, expiresIn: ttlSeconds });
    return { token, expiresIn: ttlSeconds, expiresAt: now + ttlSeconds };
  }

  /** The claims of a valid token, or undefined for anything else (bad signature, alg, audience, issuer, expiry). */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const payload = await this.jwt.verifyAsync<{ sub?: unknown; sid?: unknown; is_anonymous?: unknown; aal?: unknown; amr?: unknown }>(token);
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
      return {
        sub: payload.sub,
        sid: payload.sid,
        is_anonymous: payload.is_anonymous === true,
        aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
        amr: Array.isArray(payload.amr) ? (payload.amr as AuthMethodClaim[]) : [],
      };
    } catch {
      return undefined;
    }
  }

  /** The token a sign-in that needs a second factor answers with: five minutes to bring the code. */
  issueMfaToken(claims: MfaClaims): Promise<string> {
    return this.jwt.signAsync({ method: claims.method }, { subject: claims.sub, expiresIn: MFA_TOKEN_TTL_SECONDS, audience: MFA_AUDIENCE });
  }

  async verifyMfaToken(token: string): Promise<MfaClaims | undefined> {
    try {
      const payload = await this.jwt.verifyAsync<{ sub?: unknown; method?: unknown }>(token, { audience: MFA_AUDIENCE });
      if (typeof payload.sub !== 'string' || typeof payload.method !== 'string') return undefined;
      return { sub: payload.sub, method: payload.method as AuthMethod };
    } catch {
      return undefined;
    }
  }
}
