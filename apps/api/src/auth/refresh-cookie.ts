import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
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

  set(res: Response, token: string): void {
    res.cookie(RefreshCookie.name, token, { ...this.options(), maxAge: SessionsService.refreshTokenTtlMs });
  }

  clear(res: Response): void {
    res.clearCookie(RefreshCookie.name, this.options());
  }

  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[RefreshCookie.name];
    return typeof value === 'string' && value.length <= 256 ? value : undefined;
  }
}
