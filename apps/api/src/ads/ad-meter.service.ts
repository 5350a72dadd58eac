import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Socket } from 'node:net';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { AdBreakRepository } from '../repositories/ad-break.repository';
import { overdue } from './ad-rules';
import { AdsService } from './ads.service';

/** One listener's connections in this process, and the start of the listening not yet counted. */
interface Metered {
  sockets: Set<Socket>;
  since: Date;
  /** When their last connection here closed (the span to count ends there). */
  endedAt?: Date;
}

/**
 * The relay's own count of listening on plans with ads (docs/architecture.md, "Ads"): every connection of a listener is
 * watched here, and every few seconds one statement adds each listener's time to their ad clock in PostgreSQL, where
 * every process's connections and the player's reports meet (each second counted once). When a listener's interval is
 * full their break is handed out; once it is overdue (the grace after the hand-out) their connections are ended, and the
 * relay refuses them new ones until the break is heard.
 */
@Injectable()
export class AdMeterService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AdMeter');
  private readonly listeners = new Map<string, Metered>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clocks: AdBreakRepository,
    private readonly ads: AdsService,
  ) {}

  /** How often the count is written: every 5 s, or a third of a short test interval (at least 1 s). */
  get flushMs(): number {
    return Math.min(5000, Math.max(1000, (this.config.ads.everyMinutes * 60_000) / 3));
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.flushing = this.flushing.then(() => this.flush());
    }, this.flushMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
  }

  /** Counts `socket`'s time for the listener (their ad clock's id) until it closes. */
  watch(listenerId: string, socket: Socket): void {
    // Gone already (its 'close' came before this): nothing to count.
    if (socket.destroyed) return;
    let metered = this.listeners.get(listenerId);
    if (!metered) {
      metered = { sockets: new Set(), since: new Date() };
      this.listeners.set(listenerId, metered);
    }
    metered.sockets.add(socket);
    metered.endedAt = undefined;
    const watched = metered;
    socket.once('close', () => {
      watched.sockets.delete(socket);
      if (!watched.sockets.size) watched.endedAt = new Date();
    });
  }

  /** Writes every listener's time since the last write; hands out the breaks that fell due and ends the overdue listeners' connections. */
  async flush(now = new Date()): Promise<void> {
    const spans = [...this.listeners].map(([id, metered]) => ({ id, since: metered.since, until: metered.endedAt ?? now }));
    if (!spans.length) return;
    let clocks;
    try {
      clocks = await this.clocks.meter(spans);
    } catch (e) {
      // Counted on the next write, from the same starts.
      this.logger.warn(`Counting the relay's listening failed: ${(e as Error).message}`);
      return;
    }
    for (const { id, until } of spans) {
      const metered = this.listeners.get(id);
      if (!metered) continue;
      metered.since = until;
      if (!metered.sockets.size) this.listeners.delete(id);
    }
    for (const clock of clocks) {
      const sockets = this.listeners.get(clock.id)?.sockets;
      if (!sockets?.size) continue;
      if (overdue(clock, now)) {
        for (const socket of sockets) socket.destroy();
        continue;
      }
      await this.ads.handOutIfDue(clock, now).catch((e: unknown) => this.logger.warn(`Handing out an ad break failed: ${(e as Error).message}`));
    }
  }
}
