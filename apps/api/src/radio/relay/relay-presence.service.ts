import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type PresenceReport, RelayPresenceRepository, type RemoteRelay } from '../../repositories/relay-presence.repository';
import type { RelayTitle } from './station-relay';

/** What this process's relay of a station has now; undefined once the relay is closed. */
export type LocalRelayState = Omit<PresenceReport, 'stationId'>;

/**
 * The relays of every API process, seen from this one (docs/operations.md, "Scaling"). Each process
 * reports its own relays to relay_presence, and reads the others' rows back to add them to its own exact figures:
 * - changes are written at most once a second (a burst of listeners joining is one write), and every row of this
 *   process is rewritten every 10 s as a heartbeat;
 * - a row not rewritten for 30 s is a dead process's: ignored, then swept; a clean shutdown removes its rows at once;
 * - the others' rows are read once a second at most for the whole catalogue (the station list is read on every page).
 * So another process's listener shows here within about 2 s (1 s write delay + 1 s cache).
 */
@Injectable()
export class RelayPresenceService implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly writeEveryMs = 1000;
  static readonly heartbeatMs = 10_000;
  static readonly freshSeconds = 30;
  static readonly cacheMs = 1000;

  /** This boot of this process: a restart is a new instance, never mistaken for the dead one. */
  readonly instanceId = randomUUID();
  private readonly logger = new Logger('RelayPresence');
  private readonly local = new Map<string, LocalRelayState>();
  private readonly dirty = new Set<string>();
  private lastWriteAt = 0;
  private writeTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  /** Writes run one at a time, each reading the state as it is when it runs, so an older one never lands last. */
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  private cache?: { others: Promise<Map<string, RemoteRelay>>; until: number };

  constructor(private readonly presence: RelayPresenceRepository) {}

  onApplicationBootstrap(): void {
    this.heartbeat = setInterval(() => this.beat(), RelayPresenceService.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Clean shutdown: this process's listeners stop counting everywhere at once rather than after 30 s. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.writeTimer);
    clearInterval(this.heartbeat);
    await this.writing;
    await this.presence.removeInstance(this.instanceId).catch((e: Error) => this.logger.warn(`Removing this process's relays failed: ${e.message}`));
  }

  /** This process's relay of `stationId` changed (listeners, title), or closed (undefined). */
  report(stationId: string, state: LocalRelayState | undefined): void {
    if (this.stopped) return;
    if (state) this.local.set(stationId, state);
    else this.local.delete(stationId);
    this.dirty.add(stationId);
    this.scheduleWrite();
  }

  /** The other processes' relays per station, at most cacheMs old; empty (this process alone) while the database fails. */
  others(): Promise<Map<string, RemoteRelay>> {
    if (!this.cache || this.cache.until < Date.now()) {
      const others = this.presence.others(this.instanceId, RelayPresenceService.freshSeconds).catch((e: Error) => {
        this.logger.warn(`Reading the other processes' relays failed: ${e.message}`);
        this.cache = undefined; // not kept: the next request reads again
        return new Map<string, RemoteRelay>();
      });
      this.cache = { others, until: Date.now() + RelayPresenceService.cacheMs };
    }
    return this.cache.others;
  }

  /** True when `title` is news for the station over every process: the one process that records it announces it. */
  claimTitle(stationId: string, title: RelayTitle): Promise<boolean> {
    return this.presence.claimTitle(stationId, title.artist, title.title);
  }

  private scheduleWrite(): void {
    if (this.writeTimer) return;
    const wait = Math.max(0, this.lastWriteAt + RelayPresenceService.writeEveryMs - Date.now());
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      this.writing = this.writing.then(() => this.write());
    }, wait);
    this.writeTimer.unref();
  }

  private async write(): Promise<void> {
    if (this.stopped || !this.dirty.size) return;
    const stations = [...this.dirty];
    this.dirty.clear();
    this.lastWriteAt = Date.now();
    const reports = stations.flatMap((stationId) => {
      const state = this.local.get(stationId);
      return state ? [{ stationId, ...state }] : [];
    });
    const gone = stations.filter((stationId) => !this.local.has(stationId));
    try {
      await this.presence.write(this.instanceId, reports, gone);
    } catch (e) {
      this.logger.warn(`Reporting this process's relays failed: ${(e as Error).message}`);
      // Written again on the next change or heartbeat, whichever comes first.
      for (const stationId of stations) this.dirty.add(stationId);
    }
  }

  /** Every relay of this process rewritten (so it stays fresh), and dead processes' rows swept. */
  private beat(): void {
    for (const stationId of this.local.keys()) this.dirty.add(stationId);
    this.writing = this.writing
      .then(() => this.write())
      .then(() => this.presence.sweep(RelayPresenceService.freshSeconds))
      .catch((e: Error) => this.logger.warn(`Sweeping dead processes' relays failed: ${e.message}`));
  }
}
