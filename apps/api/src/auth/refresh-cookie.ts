import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { type CookieOptions, clearCookie, cookiesOf, setCookie } from '../core/http/cookies';
import { API_PREFIX } from '../core/http/openapi';
import { SessionsService } from './sessions.service';

/** The refresh token's home in the browser: httpOnly, SameSite=Lax, sent only to the auth endpoints. */
@Injectable()
export class RefreshCookie {
  static readonly name = 'gr_refresh';
  static readonly path = `/${API_PREFIX}/auth`;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https:'), path: RefreshCookie.path };
  }

  set(res: FastifyReply | ServerResponse, token: string): void {
    setCookie(res, RefreshCookie.name, token, { ...this.options(), maxAge: SessionsService.refreshTokenTtlMs });
  }

  clear(res: FastifyReply | ServerResponse): void {
    clearCookie(res, RefreshCookie.name, this.options());
  }

  read(req: Pick<IncomingMessage, 'headers'>): string | undefined {
    const value = cookiesOf(req)[RefreshCookie.name];
    return typeof value === 'string' && value.length <= 256 ? value : undefined;
  }
}
