import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /** The session's id. */
  sid: string;
  is_anonymous: boolean;
}

export interface IssuedAccessToken {
  token: string;
  expiresIn: number;
  expiresAt: number;
}

/** Short-lived JWTs: HS256 only, issuer and audience set and checked (JwtModule is configured in AuthModule). */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  async issue(claims: AccessClaims, ttlSeconds: number): Promise<IssuedAccessToken> {
    const now = Math.floor(Date.now() / 1000);
    const token = await this.jwt.signAsync({ sid: claims.sid, is_anonymous: claims.is_anonymous }, { subject: claims.sub, expiresIn: ttlSeconds });
    return { token, expiresIn: ttlSeconds, expiresAt: now + ttlSeconds };
  }

  /** The claims of a valid token, or undefined for anything else (bad signature, alg, audience, issuer, expiry). */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const payload = await this.jwt.verifyAsync<{ sub?: unknown; sid?: unknown; is_anonymous?: unknown }>(token);
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
      return { sub: payload.sub, sid: payload.sid, is_anonymous: payload.is_anonymous === true };
    } catch {
      return undefined;
    }
  }
}
