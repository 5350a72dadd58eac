import { Inject, Injectable } from '@nestjs/common';
import { sign, unsign } from '../core/security/secrets';
import { EntitlementsService } from '../billing/entitlements.service';
import { type AppConfig, resolveJwtSecret } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { type LiveStreamRow, LiveStreamRepository } from '../repositories/live-stream.repository';
import { liveErrors } from './live-errors';
import type { StreamAudience } from '../repositories/schema/live-stream.entity';

/** What a viewer's access holds: the stream, the account it was given to, and its end (seconds since the epoch). */
interface ViewerClaims {
  kind: 'live-view';
  stream: string;
  sub: string;
  exp: number;
}

/** How long a stream's audience is taken as read here: a change by its owner reaches every process within this. */
const AUDIENCE_TTL_MS = 2000;
/** Streams whose audience is remembered at once (players ask every second); past this the memory starts over. */
const MAX_REMEMBERED = 10_000;

/**
 * Who may play a stream's HLS (docs/live.md, "Ultra-only streams"). Everyone plays a stream for everyone. An Ultra-only
 * one plays for its owner and for accounts whose plan has exclusiveLive (read through EntitlementsService), with the
 * access POST /stream/{id}/watch gives them: signed with the server's secret, for that stream and that account, until
 * LIVE_MAX_HOURS from now (a live stream ends by then, and a replay is no longer). hls.js and Safari send no token with
 * HLS requests, so the access travels in the playlist's URL and the playlist repeats it in each segment's.
 */
@Injectable()
export class LiveAccess {
  private readonly secret: string;
  private readonly audiences = new Map<string, { audience: StreamAudience | undefined; at: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: LiveStreamRepository,
    private readonly entitlements: EntitlementsService,
  ) {
    this.secret = resolveJwtSecret(config);
  }

  /** The viewer's access to an Ultra-only stream and its end; refuses a viewer who may not watch it. Undefined for a stream for everyone. */
  async grant(stream: Pick<LiveStreamRow, 'id' | 'userId' | 'audience'>, userId: string | undefined, now = Date.now()): Promise<{ access: string; until: Date } | undefined> {
    if (stream.audience === 'everyone') return undefined;
    if (!userId || (stream.userId !== userId && !(await this.entitlements.limitsOf(userId)).exclusiveLive)) throw liveErrors.ultraOnly();
    const exp = Math.floor(now / 1000) + this.config.live.maxHours * 3600;
    const claims: ViewerClaims = { kind: 'live-view', stream: stream.id, sub: userId, exp };
    return { access: sign(JSON.stringify(claims), this.secret), until: new Date(exp * 1000) };
  }

  /**
   * Lets a playlist or segment request through, or refuses it: an Ultra-only stream's needs an access to that stream
   * that has not ended (403 ultra_only otherwise). Whether the stream is restricted, so its files are not shared by caches.
   */
  async check(id: string, access: string | undefined, now = Date.now()): Promise<{ restricted: boolean }> {
    const audience = await this.audienceOf(id, now);
    if (audience !== 'ultra') return { restricted: false };
    const text = access ? unsign(access, this.secret) : undefined;
    const claims = text ? parseClaims(text) : undefined;
    if (!claims || claims.stream !== id || claims.exp * 1000 <= now) throw liveErrors.ultraOnly();
    return { restricted: true };
  }

  /** Takes a change made here at once (another process's is read within AUDIENCE_TTL_MS). */
  forget(id: string): void {
    this.audiences.delete(id);
  }

  /** The stream's audience, read at most every AUDIENCE_TTL_MS per process; undefined when there is no such stream. */
  private async audienceOf(id: string, now: number): Promise<StreamAudience | undefined> {
    const known = this.audiences.get(id);
    if (known && now - known.at < AUDIENCE_TTL_MS) return known.audience;
    const audience = await this.streams.audienceOf(id);
    if (this.audiences.size >= MAX_REMEMBERED) this.audiences.clear();
    this.audiences.set(id, { audience, at: now });
    return audience;
  }
}

function parseClaims(text: string): ViewerClaims | undefined {
  try {
    const claims = JSON.parse(text) as Partial<ViewerClaims>;
    return claims.kind === 'live-view' && typeof claims.stream === 'string' && typeof claims.sub === 'string' && typeof claims.exp === 'number' ? (claims as ViewerClaims) : undefined;
  } catch {
    return undefined;
  }
}
