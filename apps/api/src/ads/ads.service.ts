import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { EntitlementsService } from '../billing/entitlements.service';
import { PLAN_LIMITS } from '../repositories/schema/plans';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { AdBreakRepository, type AdClockRow } from '../repositories/ad-break.repository';
import { adsErrors } from './ads-errors';
import type { AdStateDto, StreamTicketDto } from './ads.dto';
import { afterCompletion, afterReport, completionRefusal, dueInSeconds, fillsInterval, HEARTBEAT_SECONDS, overdue, relayHandsOut } from './ad-rules';
import { AdSpotsService } from './ad-spots.service';
import { ListenerCookie } from './listener-cookie';
import { StreamTickets } from './stream-ticket';
import { Metrics } from '../core/metrics/metrics';
import { ScheduledJobs } from '../core/metrics/scheduled-jobs';

/** Who reports: the signed-in account, if any, and the listener cookie the browser sent, if any. */
export interface Listener {
  userId?: string;
  cookie?: string;
}

/** An answer to the player, and what its listener cookie must become (an id to set, null to clear, undefined to leave as it is). */
export interface AdAnswer {
  state: AdStateDto;
  cookie: string | null | undefined;
}

/**
 * Ad breaks for Basic and signed-out listeners (docs/architecture.md, "Ads"): the listening each reports is counted here
 * per listener, a break is handed out every ADS_EVERY_MINUTES, it counts as heard only once its spot can have played
 * whole, and until then the relay refuses the listener new streams.
 */
@Injectable()
export class AdsService {
  private readonly logger = new Logger('Ads');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clocks: AdBreakRepository,
    private readonly entitlements: EntitlementsService,
    private readonly spots: AdSpotsService,
    private readonly tickets: StreamTickets,
    private readonly metrics: Metrics,
    private readonly scheduled: ScheduledJobs,
  ) {}

  private get everySeconds(): number {
    return this.config.ads.everyMinutes * 60;
  }

  /** A heartbeat (listening) or the start of playing: counts the time, and hands out a break once the interval is full. */
  async report(who: Listener, listening: boolean, now = new Date()): Promise<AdAnswer> {
    if (!(await this.hasAds(who.userId, now))) return { state: this.noAds(), cookie: who.cookie ? null : undefined };
    let clock = await this.clockOf(who);
    // Two tabs reporting at once: the one whose write lost reads the clock again and reports on it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const spot = fillsInterval(clock, listening, this.everySeconds, now) ? await this.spots.choose(clock.breaksHeard) : undefined;
      const change = afterReport(clock, listening, this.everySeconds, now, spot, randomUUID);
      const written = await this.clocks.update(clock, change);
      if (written) return this.answer(this.counted(clock, written));
      clock = (await this.clocks.find(clock.id)) ?? (await this.clockOf({ userId: who.userId }));
    }
    return this.answer(clock);
  }

  /** The player heard the break: accepted no earlier than the spot's length after the break started. */
  async complete(who: Listener, breakId: string, now = new Date()): Promise<AdAnswer> {
    if (!(await this.hasAds(who.userId, now))) return { state: this.noAds(), cookie: who.cookie ? null : undefined };
    const clock = await this.existingClockOf(who);
    const refusal = completionRefusal(clock, breakId, now);
    if (refusal?.kind === 'unknown') throw adsErrors.unknownBreak();
    if (refusal?.kind === 'early') throw adsErrors.unfinished(refusal.secondsLeft);
    const written = await this.clocks.update(clock!, afterCompletion(clock!, now));
    // Completed at once by another tab: the break is heard either way.
    return this.answer(written ?? (await this.clocks.find(clock!.id))!);
  }

  /**
   * A stream ticket for the listener (their account's clock, or their cookie's, made if new): it names them to the relay
   * for a stream of `stationId` that starts within a minute (docs/architecture.md, "Ads"). Refused (403 ad_break_due)
   * while their break is overdue. A plan without ads needs none: `ticket` is null and no clock is made.
   */
  async issueTicket(who: Listener, stationId: string, now = new Date()): Promise<{ ticket: StreamTicketDto; cookie: string | null | undefined }> {
    if (!(await this.hasAds(who.userId, now))) return { ticket: { ticket: null, expiresAt: null, ads: false }, cookie: who.cookie ? null : undefined };
    const clock = await this.clockOf(who);
    if (overdue(clock, now)) throw adsErrors.breakDue();
    const { ticket, expiresAt } = this.tickets.issue(clock.id, stationId, now);
    return { ticket: { ticket, expiresAt: expiresAt.toISOString(), ads: true }, cookie: clock.id };
  }

  /**
   * The relay's question before a stream on a plan with ads starts: whose listening it is (their ad clock's id), named as
   * AdsService names listeners — the account, else a signed-out listener's cookie, else (for a client without cookies)
   * a stream ticket of this station. Refused with 403 while their break is overdue (ad_break_due), and without any of
   * them (stream_ticket_required), or with a forged, stale or another station's ticket. With ADS_STREAM_TICKETS=0 a
   * stream that names nobody plays uncounted (undefined).
   */
  async admitStream(req: Pick<FastifyRequest, 'headers'>, ticket: string | undefined, userId: string | undefined, stationId: string, now = new Date()): Promise<string | undefined> {
    const clock = await this.streamClockOf({ userId, cookie: ListenerCookie.read(req), ticket }, stationId, now);
    if (!clock) {
      if (this.config.ads.streamTickets) throw adsErrors.ticketRequired();
      return undefined;
    }
    if (overdue(clock, now)) throw adsErrors.breakDue();
    return clock.id;
  }

  /** Hands out the listener's break from the relay's count (ad-rules.ts, relayHandsOut), as a player's report would. */
  async handOutIfDue(clock: AdClockRow, now = new Date()): Promise<void> {
    if (!relayHandsOut(clock, this.everySeconds)) return;
    // An account upgraded while it listened: its next stream plays without ads, this one runs out uncut.
    if (clock.userId && !(await this.hasAds(clock.userId, now))) return;
    const spot = await this.spots.choose(clock.breaksHeard);
    // A report that handed it out meanwhile wins; either way one break is handed out.
    const written = await this.clocks.update(clock, afterReport(clock, false, this.everySeconds, now, spot, randomUUID));
    if (written) this.counted(clock, written);
  }

  /** Counts a break handed out by this write (a new break id), for the metrics; returns the clock as written. */
  private counted(before: AdClockRow, written: AdClockRow): AdClockRow {
    if (written.breakId && written.breakId !== before.breakId) this.metrics.radioAdBreaks.inc();
    return written;
  }

  private async streamClockOf(who: Listener & { ticket?: unknown }, stationId: string, now: Date): Promise<AdClockRow | undefined> {
    if (who.userId) return this.clocks.ofUser(who.userId);
    const known = who.cookie ? await this.clocks.find(who.cookie) : undefined;
    if (known && !known.userId) return known;
    if (who.ticket === undefined) return undefined;
    const read = typeof who.ticket === 'string' ? this.tickets.read(who.ticket, stationId, now) : ({ refusal: 'invalid' } as const);
    if ('refusal' in read) throw adsErrors.ticketRefused(read.refusal);
    const named = await this.clocks.find(read.listenerId);
    // A clock swept since (its listener gone for a month) cannot be asked for a ticket that is still fresh: a forged id.
    if (!named) throw adsErrors.ticketRefused('invalid');
    return named;
  }

  /** Signed-out listeners' clocks go once their cookie has expired. */
  @Interval(3600_000)
  async sweep(): Promise<void> {
    await this.scheduled.run('ad-clock-sweep', 3600, async () => {
      const removed = await this.clocks.sweepAnonymous(new Date(Date.now() - ListenerCookie.maxAgeMs));
      if (removed) this.logger.log(`Forgot ${removed} signed-out listeners' ad clocks`);
    });
  }

  /** The plan's `ads` flag: the account's plan, or for a signed-out listener the installation's floor (DEFAULT_PLAN, Basic unless changed). */
  private async hasAds(userId: string | undefined, now: Date): Promise<boolean> {
    return userId ? (await this.entitlements.limitsOf(userId, now)).ads : PLAN_LIMITS[this.config.defaultPlan].ads;
  }

  /** The account's clock, or the signed-out listener's (their cookie's, or a new one: never an account's clock signed out). */
  private async clockOf(who: Listener): Promise<AdClockRow> {
    if (who.userId) return this.clocks.ofUser(who.userId);
    const known = who.cookie ? await this.clocks.find(who.cookie) : undefined;
    return known && !known.userId ? known : this.clocks.createAnonymous();
  }

  private async existingClockOf(who: Listener): Promise<AdClockRow | undefined> {
    if (who.userId) return this.clocks.ofUser(who.userId);
    const known = who.cookie ? await this.clocks.find(who.cookie) : undefined;
    return known && !known.userId ? known : undefined;
  }

  private answer(clock: AdClockRow): AdAnswer {
    const pending = clock.breakId && clock.breakSpot && clock.breakStartedAt && clock.breakSeconds !== null;
    return {
      state: {
        ads: true,
        everySeconds: this.everySeconds,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        listenedSeconds: Math.round(clock.listenedSeconds * 10) / 10,
        dueInSeconds: dueInSeconds(clock, this.everySeconds),
        break: pending
          ? {
              id: clock.breakId!,
              spotUrl: clock.breakSpot!,
              seconds: clock.breakSeconds!,
              startedAt: clock.breakStartedAt!.toISOString(),
              endsAt: new Date(clock.breakStartedAt!.getTime() + clock.breakSeconds! * 1000).toISOString(),
            }
          : null,
      },
      // Set again on every answer, so the cookie lasts as long after the last visit as the clock is kept.
      cookie: clock.id,
    };
  }

  private noAds(): AdStateDto {
    return { ads: false, everySeconds: this.everySeconds, heartbeatSeconds: HEARTBEAT_SECONDS, listenedSeconds: 0, dueInSeconds: 0, break: null };
  }
}
