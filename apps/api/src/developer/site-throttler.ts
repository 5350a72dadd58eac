import { type ExecutionContext, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { RateLimitedException } from '../auth/attempt-limiter';
import { bearerOf } from '../auth/auth.guard';
import { RateLimitStore } from '../repositories/rate-limit-store';
import { looksLikeApiKey } from './api-key-format';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The key of a route that sets its own @Throttle (SiteThrottlerGuard.generateKey): counted exactly. */
export const EXACT_KEY_PREFIX = 'exact:';

/** One batched key's window as this process sees it. */
interface LocalWindow {
  /** When the window ends, on this process's clock (the shared window's end once a settle has told it). */
  endsAt: number;
  ttl: number;
  /** The shared total as last read back, this process's settled hits included. */
  total: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  /** Hits sent in a settle that has not answered yet. */
  sending: number;
}

/**
 * @nestjs/throttler's counts in PostgreSQL (RateLimitStore, `throttle_hits`), so several API processes share one
 * limit (docs/request-path.md, "The site's throttle").
 *
 * - A route with its own @Throttle (sign-in, sign-up, billing, studio…: small limits that guard accounts or cost
 *   money) is counted exactly: one statement a request.
 * - The general per-route flood guard (600 a minute per route and address) counts locally and settles with
 *   PostgreSQL in batches: every second one statement adds this process's deltas to the shared windows and reads back
 *   the totals. A request is refused when the last-known shared total plus this process's unsettled hits is over the
 *   limit, so a process never refuses early. It admits without asking PostgreSQL only up to its share,
 *   (limit − last-known total) / (2 × processes); past that the request settles its key at once, so near the limit
 *   a key is counted every request or two and the processes cannot overshoot by much; once a key is over its limit it
 *   is refused locally until its window ends.
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  static readonly settleEveryMs = 1000;
  /** Past this many batched windows in memory a new key is counted exactly (memory stays bounded under a spread flood). */
  static readonly maxLocalWindows = 100_000;

  private readonly windows = new Map<string, LocalWindow>();
  /** API processes counting hits, as the last settle saw them; unknown until the first one. */
  private processes?: number;
  private timer?: NodeJS.Timeout;
  private flushing = false;
  private closed = false;

  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: () => number = Date.now,
  ) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (key.startsWith(EXACT_KEY_PREFIX)) return this.exact(`${throttlerName}:${key.slice(EXACT_KEY_PREFIX.length)}`, ttl, limit);
    const id = `${throttlerName}:${key}`;
    const now = this.clock();
    let window = this.windows.get(id);
    if (!window || window.endsAt <= now) {
      if (!window && this.windows.size >= SharedThrottlerStorage.maxLocalWindows) return this.exact(id, ttl, limit);
      window = { endsAt: now + ttl, ttl, total: 0, pending: 0, sending: 0 };
      this.windows.set(id, window);
    }
    const hits = window.total + window.sending + window.pending + 1;
    if (hits > limit) {
      // Over the limit as far as anyone knows: refused here. The hit still counts, as an exact one would.
      window.pending++;
      this.schedule();
      return record(hits, window.endsAt - now, limit);
    }
    const share = this.processes === undefined ? 0 : Math.max(1, Math.floor((limit - window.total) / (2 * this.processes)));
    if (window.sending + window.pending + 1 > share) return this.settleNow(id, window, limit);
    window.pending++;
    this.schedule();
    return record(hits, window.endsAt - now, limit);
  }

  /** Sends what is pending now and stops settling (the app is shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.flush().catch(() => undefined);
  }

  /** Sends every pending delta in one statement and reads the shared totals back; a failed settle is tried again. */
  async flush(): Promise<void> {
    if (this.flushing) return;
    const sent = [...this.windows].filter(([, w]) => w.pending > 0).map(([key, window]) => ({ key, window, hits: window.pending }));
    this.prune();
    if (!sent.length) return;
    this.flushing = true;
    for (const s of sent) {
      s.window.pending = 0;
      s.window.sending += s.hits;
    }
    try {
      const settled = await this.store.settle(sent.map(({ key, window, hits }) => ({ key, hits, ttlMs: window.ttl })));
      this.processes = settled.processes;
      for (const { key, window, hits } of sent) {
        window.sending -= hits;
        const shared = settled.windows.get(key.slice(0, 255));
        if (shared) this.learn(window, shared.hits, shared.msLeft);
      }
    } catch {
      // PostgreSQL away: the hits wait for the next settle, and this process keeps counting on what it knows.
      for (const { window, hits } of sent) {
        window.sending -= hits;
        window.pending += hits;
      }
    } finally {
      this.flushing = false;
      if (sent.length) this.schedule();
    }
  }

  /** One statement a request, as every count was before batching (sign-in, sign-up, billing… and full memory). */
  private async exact(id: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const { hits, msLeft } = await this.store.hit(id, ttl);
    return record(hits, msLeft, limit);
  }

  /** The key's unsettled hits and this one, now: the answer is the shared total with them. */
  private async settleNow(id: string, window: LocalWindow, limit: number): Promise<ThrottlerStorageRecord> {
    const hits = window.pending + 1;
    window.pending = 0;
    window.sending += hits;
    let settled: Awaited<ReturnType<RateLimitStore['settle']>>;
    try {
      settled = await this.store.settle([{ key: id, hits, ttlMs: window.ttl }]);
    } catch (error) {
      window.sending -= hits;
      window.pending += hits - 1; // the earlier hits wait for the next settle; this request fails with the error
      this.schedule();
      throw error;
    }
    window.sending -= hits;
    this.processes = settled.processes;
    const shared = settled.windows.get(id.slice(0, 255)) ?? { hits, msLeft: window.ttl };
    this.learn(window, shared.hits, shared.msLeft);
    return record(shared.hits + window.sending + window.pending, shared.msLeft, limit);
  }

  /** A shared total read back: it only grows within a window, whatever order the answers come in. */
  private learn(window: LocalWindow, total: number, msLeft: number): void {
    const endsAt = this.clock() + msLeft;
    // The shared window ending well after ours means it started anew (ours had ended there): take its count as it is.
    window.total = endsAt > window.endsAt + 1000 ? total : Math.max(window.total, total);
    window.endsAt = endsAt;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SharedThrottlerStorage.settleEveryMs);
    this.timer.unref();
  }

  /** Forgets ended windows with nothing left to send. */
  private prune(): void {
    const now = this.clock();
    for (const [key, w] of this.windows) if (w.endsAt <= now && !w.pending && !w.sending) this.windows.delete(key);
  }
}

function record(hits: number, msLeft: number, limit: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
}

type WindowNote = { limit?: number; ttl?: number };

/** The metadata @Throttle sets on a route or controller (@nestjs/throttler's THROTTLER_LIMIT, not exported). */
const THROTTLER_LIMIT = 'THROTTLER:LIMIT';

/**
 * The site's own throttling (per route and caller, @Throttle), answered with the same IETF RateLimit fields as the
 * developer API, as a "site" policy. Requests made with an API key are limited by their plan instead (ApiLimits).
 * A route with its own @Throttle is counted exactly; the general limit, in batches (SharedThrottlerStorage).
 */
@Injectable()
export class SiteThrottlerGuard extends ThrottlerGuard implements OnApplicationShutdown {
  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    const own = this.reflector.getAllAndOverride<unknown>(THROTTLER_LIMIT + name, [context.getHandler(), context.getClass()]);
    return `${own === undefined ? '' : EXACT_KEY_PREFIX}${super.generateKey(context, suffix, name)}`;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.storageService instanceof SharedThrottlerStorage) await this.storageService.close();
  }

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
