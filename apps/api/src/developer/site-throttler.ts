import { Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { RateLimitedException } from '../auth/attempt-limiter';
import { bearerOf } from '../auth/auth.guard';
import { RateLimitStore } from '../repositories/rate-limit-store';
import { looksLikeApiKey } from './api-key-format';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** @nestjs/throttler's counts in PostgreSQL (RateLimitStore), so several API processes share one limit. */
export class SharedThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: RateLimitStore) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const { hits, msLeft } = await this.store.hit(`${throttlerName}:${key}`, ttl);
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
  }
}

type WindowNote = { limit?: number; ttl?: number };

/**
 * The site's own throttling (per route and caller, @Throttle), answered with the same IETF RateLimit fields as the
 * developer API, as a "site" policy. Requests made with an API key are limited by their plan instead (ApiLimits).
 */
@Injectable()
export class SiteThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: Parameters<ThrottlerGuard['canActivate']>[0]): Promise<boolean> {
    const token = bearerOf(context.switchToHttp().getRequest<Request>());
    return Boolean(token && looksLikeApiKey(token));
  }

  protected override handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { res } = this.getRequestResponse(props.context);
    (res as Response).locals.siteWindow = { ttl: props.ttl } satisfies WindowNote;
    return super.handleRequest(props);
  }

  /** The package's X-RateLimit-Limit/Remaining/Reset become RateLimit-Policy and RateLimit. */
  protected override setResponseHeader(res: Response, name: string, value: string | number): void {
    const note = (res.locals.siteWindow ?? {}) as WindowNote & { remaining?: number };
    if (name === `${this.headerPrefix}-Limit`) note.limit = Number(value);
    else if (name === `${this.headerPrefix}-Remaining`) note.remaining = Number(value);
    else if (name === `${this.headerPrefix}-Reset`) {
      res.setHeader('RateLimit-Policy', `"site";q=${note.limit};w=${Math.ceil((note.ttl ?? 0) / 1000)}`);
      res.setHeader('RateLimit', `"site";r=${note.remaining};t=${note.remaining ? 0 : value}`);
    } else if (name !== 'Retry-After') super.setResponseHeader(res, name, value);
    res.locals.siteWindow = note;
  }

  protected override throwThrottlingException(_context: unknown, detail: ThrottlerLimitDetail): Promise<void> {
    throw new RateLimitedException(detail.timeToBlockExpire);
  }
}
