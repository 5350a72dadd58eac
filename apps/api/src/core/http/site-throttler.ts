import { type BeforeApplicationShutdown, type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedException } from './attempt-limiter';
import { bearerOf } from './bearer';
import { looksLikeApiKey } from '../security/api-key-format';
import { BATCHED_KEY_PREFIX, SharedThrottlerStorage } from './shared-throttler-storage';

/** The window's figures of a request's answer, noted while the package sets its headers one by one. */
const windows = new WeakMap<object, WindowNote & { remaining?: number }>();

/** The metadata @Throttle sets on a route or controller (@nestjs/throttler's THROTTLER_LIMIT, which it does not export). */
const THROTTLER_LIMIT = 'THROTTLER:LIMIT';

type WindowNote = { limit?: number; ttl?: number };

/**
 * The site's own throttling (per route and caller, @Throttle), answered with the same IETF RateLimit fields as the
 * developer API, as a "site" policy. Requests made with an API key are limited by their plan instead (ApiLimits).
 * A route with a limit of its own is counted exactly; the general flood guard of every other route, in batches
 * (SharedThrottlerStorage).
 */
@Injectable()
export class SiteThrottlerGuard extends ThrottlerGuard implements BeforeApplicationShutdown {
  /** The general flood guard's keys are marked for batching (a route with a @Throttle of its own is counted exactly). */
  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    const own = this.reflector.getAllAndOverride<unknown>(THROTTLER_LIMIT + name, [context.getHandler(), context.getClass()]);
    return `${own === undefined ? BATCHED_KEY_PREFIX : ''}${super.generateKey(context, suffix, name)}`;
  }

  /** The flood guard's last counts are sent while the database is still there. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.storageService instanceof SharedThrottlerStorage) await this.storageService.close();
  }

  protected override async shouldSkip(context: Parameters<ThrottlerGuard['canActivate']>[0]): Promise<boolean> {
    const token = bearerOf(context.switchToHttp().getRequest<FastifyRequest>());
    return Boolean(token && looksLikeApiKey(token));
  }

  protected override handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { res } = this.getRequestResponse(props.context);
    windows.set(res as FastifyReply, { ttl: props.ttl } satisfies WindowNote);
    return super.handleRequest(props);
  }

  /** The package's X-RateLimit-Limit/Remaining/Reset become RateLimit-Policy and RateLimit. */
  protected override setResponseHeader(res: FastifyReply, name: string, value: string | number): void {
    const note = windows.get(res) ?? {};
    if (name === `${this.headerPrefix}-Limit`) note.limit = Number(value);
    else if (name === `${this.headerPrefix}-Remaining`) note.remaining = Number(value);
    else if (name === `${this.headerPrefix}-Reset`) {
      res.header('RateLimit-Policy', `"site";q=${note.limit};w=${Math.ceil((note.ttl ?? 0) / 1000)}`);
      res.header('RateLimit', `"site";r=${note.remaining};t=${note.remaining ? 0 : value}`);
    } else if (name !== 'Retry-After') super.setResponseHeader(res, name, value);
    windows.set(res, note);
  }

  protected override throwThrottlingException(_context: unknown, detail: ThrottlerLimitDetail): Promise<void> {
    throw new RateLimitedException(detail.timeToBlockExpire, undefined, 'site');
  }
}
