import type { ThrottlerStorage } from '@nestjs/throttler';
import type { RateLimitStore, WindowHit } from '../../repositories/rate-limit-store';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The start of a key that SiteThrottlerGuard gives the site's general flood guard: counted in batches. */
export const BATCHED_KEY_PREFIX = 'batched:';

/** A batched key's fixed window as this process knows it. */
interface LocalWindow {
  ttl: number;
  /** When the shared window ends on this clock (never later than it does), once an answer has told; else unknown. */
  endsAt?: number;
  /** When the window before this one ended: an answer about that one is not taken for this one. */
  previousEnd?: number;
  /** This process's first hit in the window: while its end is unknown, it has ended a ttl after that at the latest. */
  firstHitAt?: number;
  /** The shared window's hits as last read back, this process's hits sent so far included. */
  total: number;
  /** Hits in this key's statement under way (one at a time a key), not in `total` yet. */
  sending: number;
  /** Hits admitted here and not sent yet. */
  pending: number;
  /**
   * The other processes' hits for each of ours, between this process's last two statements: the more of the key's
   * traffic goes elsewhere, the less of what is left this process admits before it asks again.
   */
  othersPerOwn: number;
  /** Requests that want their exact count (near the limit): their hits go in the key's next statement. */
  waiting: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
  busy: boolean;
}

/**
 * @nestjs/throttler's counts in PostgreSQL (RateLimitStore, `throttle_hits`), shared by every API process
 * (docs/request-path.md, "The site's throttle").
 *
 * - A key without BATCHED_KEY_PREFIX (a route with its own @Throttle: sign-in, sign-up, billing, studio…, small limits
 *   that guard accounts or cost money) is counted exactly: one statement a request.
 * - The general flood guard's keys (600 a minute per route and address) are counted here and sent to PostgreSQL in
 *   one statement for all keys every `settleEveryMs`, which answers each key's shared count. A request is admitted
 *   here while this process's unsent hits stay a small share of the limit and of what is known to be left (the
 *   smaller, the more of the key's traffic goes to other processes); past that (a key near its limit) it waits for the
 *   key's next statement and takes its exact count from it, as an exact key would.
 *
 * What this process knows of a window (the count read back, plus its own hits since) does not exceed the window's real
 * count: each key has one statement under way at a time, so no hit is counted twice; a request refused here is not
 * counted at all; a window whose end PostgreSQL has told ends here no later than there, and hits left unsent at its
 * end, or too close to it to be sure which window they would land in, are dropped rather than counted in the next.
 * So one process never refuses a key before its limit, and several do not either, but for one case: hits a process
 * counted (at most `shareOfLimit` of the limit) before it learnt a window's end, in the second in which another
 * process's window ended, count in the next window. Several processes can let a little more through than the limit
 * between two statements, which a flood guard allows (the unit test floods one key from up to eight processes at once:
 * at most 5 % more with three, 15 % with eight).
 */
export class SharedThrottlerStorage implements ThrottlerStorage {
  static readonly settleEveryMs = 1000;
  /** The part of what is left of a limit a process may admit on its own before it asks PostgreSQL. */
  static readonly shareOfLeft = 1 / 8;
  /**
   * The most of a limit a process admits on its own between two of its statements (and all it may before the window's
   * first answer), however much is left: what the other processes admitted meanwhile is not known until then.
   */
  static readonly shareOfLimit = 1 / 32;
  /** Hits not sent this close to their window's end (they could land in the next one): dropped instead. */
  static readonly endMarginMs = 250;
  /** Past this many batched windows in memory a new key is counted exactly (memory stays bounded under a spread flood). */
  static readonly maxWindows = 100_000;

  private readonly windows = new Map<string, LocalWindow>();
  /** The statements under way. */
  private readonly statements = new Set<Promise<unknown>>();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: () => number = Date.now,
  ) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (!key.startsWith(BATCHED_KEY_PREFIX)) return this.exact(`${throttlerName}:${key}`, ttl, limit);
    const id = `${throttlerName}:${key.slice(BATCHED_KEY_PREFIX.length)}`;
    const now = this.clock();
    let window = this.windows.get(id);
    if (!window) {
      if (this.windows.size >= SharedThrottlerStorage.maxWindows) return this.exact(id, ttl, limit);
      window = { ttl, total: 0, sending: 0, pending: 0, othersPerOwn: 0, waiting: [], busy: false };
      this.windows.set(id, window);
    } else if (ended(window, now)) {
      restart(window);
    }
    window.firstHitAt ??= now;
    const known = window.total + window.sending + window.pending;
    const left = limit - known;
    // Over the limit as far as anyone knows: refused here, and not counted (it would only count against later windows).
    if (left <= 0) return record(known + 1, msLeft(window, now), limit);
    let share = limit * SharedThrottlerStorage.shareOfLimit;
    if (window.endsAt !== undefined) share = Math.min(share, (left * SharedThrottlerStorage.shareOfLeft) / (1 + window.othersPerOwn));
    if (window.pending + 1 <= share) {
      window.pending++;
      this.schedule();
      return record(known + 1, msLeft(window, now), limit);
    }
    const count = await new Promise<number>((resolve, reject) => {
      window.waiting.push({ resolve, reject });
      if (!window.busy) void this.send(id, window);
    });
    return record(count, msLeft(window, this.clock()), limit);
  }

  /**
   * Sends every key's unsent hits in one statement and reads their shared counts back (a failed one is tried again);
   * forgets windows that have ended with nothing left to send.
   */
  async flush(): Promise<void> {
    const now = this.clock();
    const batch: { id: string; window: LocalWindow; hits: number }[] = [];
    for (const [id, window] of this.windows) {
      if (ended(window, now)) restart(window);
      if (window.busy) continue;
      if (!window.pending) {
        // Nothing to send and nothing known: the key starts afresh if it comes back.
        if (window.endsAt === undefined && !window.waiting.length) this.windows.delete(id);
        continue;
      }
      if (window.endsAt !== undefined && window.endsAt - now < SharedThrottlerStorage.endMarginMs) continue;
      batch.push({ id, window, hits: window.pending });
      window.busy = true;
      window.sending = window.pending;
      window.pending = 0;
    }
    try {
      if (!batch.length) return;
      const shared = await this.track(this.store.addHits(batch.map(({ id, window, hits }) => ({ key: id, hits, ttlMs: window.ttl }))));
      for (const { id, window, hits } of batch) {
        const answer = shared.get(id.slice(0, 255));
        if (answer) this.learn(window, answer, hits, now);
      }
    } catch {
      // PostgreSQL away: the hits wait for the next settle, and this process goes on with what it knows.
      for (const { window, hits } of batch) window.pending += hits;
    } finally {
      for (const { id, window } of batch) this.idle(id, window);
      if (this.windows.size) this.schedule();
    }
  }

  /** Stops settling after sending what is left, once the statements under way have answered (the app is shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (let round = 0; round < 3 && [...this.windows.values()].some((w) => w.busy || w.pending); round++) {
      await Promise.allSettled([...this.statements]);
      await this.flush();
    }
  }

  /** One statement a request, timed by the database's clock. */
  private async exact(id: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const { hits, msLeft: left } = await this.store.hit(id, ttl);
    return record(hits, left, limit);
  }

  /**
   * The key's statement: its unsent hits and those of the requests waiting for their count. The waiting requests' hits
   * are the statement's last, so each one's count is the shared count read back less those after it.
   */
  private async send(id: string, window: LocalWindow): Promise<void> {
    const waiting = window.waiting.splice(0);
    const sentAt = this.clock();
    // Unsent hits this close to the window's end could land in the next window: dropped (only ever in a caller's favour).
    const closeToEnd = window.endsAt !== undefined && window.endsAt - sentAt < SharedThrottlerStorage.endMarginMs;
    const hits = (closeToEnd ? 0 : window.pending) + waiting.length;
    window.busy = true;
    window.sending = hits;
    window.pending = 0;
    try {
      const shared = (await this.track(this.store.addHits([{ key: id, hits, ttlMs: window.ttl }]))).get(id.slice(0, 255));
      if (!shared) throw new Error(`No count came back for ${id}`);
      const learnt = this.learn(window, shared, hits, sentAt);
      // An answer about the window before this one: these requests are the first of theirs, as far as anyone knows.
      waiting.forEach(({ resolve }, i) => resolve(learnt ? shared.hits - waiting.length + i + 1 : i + 1));
    } catch (error) {
      window.pending += hits - waiting.length;
      for (const { reject } of waiting) reject(error);
    } finally {
      this.idle(id, window);
    }
  }

  /** A key's statement has answered: the next one goes now if requests wait for it. */
  private idle(id: string, window: LocalWindow): void {
    window.sending = 0;
    window.busy = false;
    if (window.waiting.length) void this.send(id, window);
  }

  private track<T>(statement: Promise<T>): Promise<T> {
    this.statements.add(statement);
    const done = () => void this.statements.delete(statement);
    statement.then(done, done);
    return statement;
  }

  /**
   * Takes the shared count read back by a statement (`sent` hits of ours, sent at `sentAt`) for the key's window;
   * false if it was about the window before.
   */
  private learn(window: LocalWindow, shared: WindowHit, sent: number, sentAt: number): boolean {
    if (ended(window, this.clock())) restart(window);
    // Counted from when the statement left, so the window ends here no later than in PostgreSQL.
    const endsAt = sentAt + shared.msLeft;
    if (window.endsAt === undefined) {
      // The statement ran as the window before ended: it says nothing of this one. (Taking a newer window for the old
      // one only leaves this process knowing less, which admits more: never the other way round.)
      if (window.previousEnd !== undefined && endsAt <= window.previousEnd + window.ttl / 2) return false;
      window.endsAt = endsAt;
    } else {
      window.endsAt = Math.min(window.endsAt, endsAt);
    }
    // Before the window's first answer every hit in it counts as another process's: this process starts careful.
    window.othersPerOwn = Math.min(64, Math.max(0, shared.hits - window.total - sent) / Math.max(1, sent));
    window.total = shared.hits;
    return true;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SharedThrottlerStorage.settleEveryMs);
    this.timer.unref();
  }
}

function ended(window: LocalWindow, now: number): boolean {
  return window.endsAt !== undefined ? window.endsAt <= now : window.firstHitAt !== undefined && window.firstHitAt + window.ttl <= now;
}

/** The key's window has ended: what was counted in it, and not sent, belongs to no later window. */
function restart(window: LocalWindow): void {
  window.previousEnd = window.endsAt ?? (window.firstHitAt ?? 0) + window.ttl;
  window.firstHitAt = undefined;
  window.endsAt = undefined;
  window.total = 0;
  window.pending = 0;
}

function msLeft(window: LocalWindow, now: number): number {
  return window.endsAt === undefined ? window.ttl : window.endsAt - now;
}

function record(hits: number, msLeftInWindow: number, limit: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(msLeftInWindow / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
}
