import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../repositories/event-bus';
import type { NowPlayingDto } from './radio.dto';
import { IcyDemuxer } from './relay/icy-demuxer';
import { splitTitle, streamTitle } from './relay/icy-title';
import { RelayService } from './relay/relay.service';
import { UpstreamConnector } from '../repositories/upstream-connector';
import type { Station } from './station.entity';
import { StationsService } from './stations.service';

interface Probed {
  title?: { artist: string | null; title: string };
  at: number;
}

/**
 * What a station plays: its stream's own metadata (live from the relay while anyone listens, else a
 * short read of the upstream, cached), then the catalogue's program data, then just the station.
 * Never an invented track. Every change seen on a relay is pushed on `station.{id}` at once.
 */
@Injectable()
export class NowPlayingService implements OnModuleInit {
  static readonly probeTtlMs = 30_000;
  static readonly probeTimeoutMs = 8000;

  private readonly logger = new Logger('NowPlaying');
  private readonly probes = new Map<string, Probed>();
  private readonly inFlight = new Map<string, Promise<Probed>>();

  constructor(
    private readonly stations: StationsService,
    private readonly relay: RelayService,
    private readonly connector: UpstreamConnector,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.relay.onTitle((stationId, title) => {
      const data: NowPlayingDto = { artist: title.artist, title: title.title, program: null, source: 'stream', updatedAt: title.updatedAt.toISOString() };
      this.probes.set(stationId, { title, at: Date.now() });
      this.bus.publish({ channel: `station.${stationId}`, type: 'now_playing', data: { ...data } }).catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
    });
  }

  async get(stationId: string): Promise<NowPlayingDto> {
    const station = await this.stations.require(stationId);
    const live = this.relay.current(stationId);
    if (live) return { artist: live.artist, title: live.title, program: station.program?.program ?? null, source: 'stream', updatedAt: live.updatedAt.toISOString() };
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
