import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../repositories/event-bus';
import type { NowPlayingDto } from './radio.dto';
import { IcyDemuxer } from './relay/icy-demuxer';
import { splitTitle, streamTitle } from './relay/icy-title';
import { RelayPresenceService } from './relay/relay-presence.service';
import { RelayService } from './relay/relay.service';
import type { RelayTitle } from './relay/station-relay';
import { UpstreamConnector } from '../repositories/upstream-connector';
import type { Station } from '../repositories/schema/station.entity';
import { StationsService } from './stations.service';

interface Probed {
  title?: { artist: string | null; title: string };
  at: number;
}

/**
 * What a station plays: its stream's own metadata (live from a relay while anyone listens, ours or another
 * process's, else a short read of the upstream, cached), then the catalogue's program data, then just the station.
 * Never an invented track. Every change seen on a relay is pushed on `station.{id}` at once, once over all processes.
 */
@Injectable()
export class NowPlayingService implements OnModuleInit {
  static readonly probeTtlMs = 30_000;
  static readonly probeTimeoutMs = 8000;

  private readonly logger = new Logger('NowPlaying');
  private readonly probes = new Map<string, Probed>();
  private readonly inFlight = new Map<string, Promise<Probed>>();
  /** now_playing events this process could not deliver since it started, told in each error it logs. */
  private lostAnnouncements = 0;

  constructor(
    private readonly stations: StationsService,
    private readonly relay: RelayService,
    private readonly presence: RelayPresenceService,
    private readonly connector: UpstreamConnector,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.relay.onTitle((stationId, title) => {
      this.probes.set(stationId, { title, at: Date.now() });
      void this.announce(stationId, title);
    });
    // Titles announced while the database was away reached no process: each relay's current one is told again.
    this.bus.onReconnect(() => {
      for (const stationId of this.relay.relayedStations()) {
        const title = this.relay.current(stationId);
        if (title) void this.publish(stationId, title);
      }
    });
  }

  async get(stationId: string): Promise<NowPlayingDto> {
    const [station, cluster] = await Promise.all([this.stations.require(stationId), this.presence.others()]);
    const live = this.relay.current(stationId);
    if (live) return { artist: live.artist, title: live.title, program: station.program?.program ?? null, source: 'stream', updatedAt: live.updatedAt.toISOString() };
    // Another process relays the station: its title, rather than a probe of our own.
    const relayed = cluster.get(stationId)?.title;
    if (relayed) return { artist: relayed.artist, title: relayed.title, program: station.program?.program ?? null, source: 'stream', updatedAt: relayed.at.toISOString() };
    const probed = await this.probe(station);
    if (probed.title) {
      return { ...probed.title, program: station.program?.program ?? null, source: 'stream', updatedAt: new Date(probed.at).toISOString() };
    }
    const program = station.program;
    if (program && (program.title || program.program)) {
      return { artist: program.artist ?? null, title: program.title ?? null, program: program.program ?? null, source: 'catalogue', updatedAt: new Date().toISOString() };
    }
    return { artist: null, title: station.name, program: null, source: 'station', updatedAt: new Date().toISOString() };
  }

  /**
   * Pushes a title a relay of ours read, unless another process already announced it: every process relaying the
   * station reads the same change, and subscribers should get it once. If the shared record cannot be read, the title
   * is announced anyway (a rare duplicate rather than a lost change).
   */
  private async announce(stationId: string, title: RelayTitle & { updatedAt: Date }): Promise<void> {
    const news = await this.presence.claimTitle(stationId, title).catch((e: Error) => {
      this.logger.warn(`${stationId}: checking whether the title is news failed (${e.message}); announcing it anyway`);
      return true;
    });
    if (!news) return;
    await this.publish(stationId, title);
  }

  private async publish(stationId: string, title: RelayTitle & { updatedAt: Date }): Promise<void> {
    const data: NowPlayingDto = { artist: title.artist, title: title.title, program: null, source: 'stream', updatedAt: title.updatedAt.toISOString() };
    try {
      await this.bus.publish({ channel: `station.${stationId}`, type: 'now_playing', data: { ...data } });
    } catch (e) {
      this.lostAnnouncements++;
      this.logger.error(`now_playing of ${stationId} was not delivered (${this.lostAnnouncements} lost since start): ${(e as Error).message}`);
    }
  }

  /** The first StreamTitle of the upstream, read briefly and remembered for a while. */
  private probe(station: Station): Promise<Probed> {
    const cached = this.probes.get(station.id);
    if (cached && Date.now() - cached.at < NowPlayingService.probeTtlMs) return Promise.resolve(cached);
    let running = this.inFlight.get(station.id);
    if (!running) {
      running = this.readTitle(station.streamUrl)
        .catch((e: Error) => {
          this.logger.debug(`${station.id}: ${e.message}`);
          return undefined;
        })
        .then((title) => {
          const probed = { title, at: Date.now() };
          this.probes.set(station.id, probed);
          return probed;
        })
        .finally(() => this.inFlight.delete(station.id));
      this.inFlight.set(station.id, running);
    }
    return running;
  }

  private async readTitle(url: string): Promise<{ artist: string | null; title: string } | undefined> {
    const upstream = await this.connector.open(url);
    if (!upstream.metaint) {
      upstream.body.destroy();
      return undefined;
    }
    return new Promise((resolve) => {
      const demuxer = new IcyDemuxer(upstream.metaint);
      const finish = (title?: { artist: string | null; title: string }) => {
        clearTimeout(timer);
        upstream.body.unpipe(demuxer);
        upstream.body.destroy();
        resolve(title);
      };
      const timer = setTimeout(() => finish(), NowPlayingService.probeTimeoutMs);
      demuxer.on('metadata', (text: string) => {
        const title = streamTitle(text);
        if (title) finish(splitTitle(title));
      });
      demuxer.resume();
      upstream.body.on('error', () => finish());
      upstream.body.on('end', () => finish());
      upstream.body.pipe(demuxer);
    });
  }
}
