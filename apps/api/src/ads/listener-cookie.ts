import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { type CookieOptions, clearCookie, cookiesOf, setCookie } from '../core/http/cookies';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The listener cookie: the id of the ad clock this browser listens on (an account's, or a signed-out listener's). HttpOnly
 * and sent to the whole API, so the radio relay (which gets no access token from an audio element) knows who asks.
 */
@Injectable()
export class ListenerCookie {
  static readonly name = 'gr_listener';
  /** As long as a signed-out listener's clock is kept after their last visit. */
  static readonly maxAgeMs = 30 * 24 * 3600 * 1000;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https:'), path: `/${API_PREFIX}` };
  }

  set(res: FastifyReply, id: string): void {
    setCookie(res, ListenerCookie.name, id, { ...this.options(), maxAge: ListenerCookie.maxAgeMs });
  }

  clear(res: FastifyReply): void {
    clearCookie(res, ListenerCookie.name, this.options());
  }

  /** The id in the request's cookie header, if it is one. */
  static read(req: Pick<IncomingMessage, 'headers'>): string | undefined {
    const value = cookiesOf(req)[ListenerCookie.name];
    return value && UUID.test(value) ? value : undefined;
  }
}
