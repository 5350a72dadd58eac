import { foldText as fold } from '@grouarock/i18n';
import { Injectable, NotFoundException } from '@nestjs/common';
import { PreparedJson, PreparedJsonCache } from '../core/http/prepared-json';
import type { StationDto, StationsQueryDto } from './radio.dto';
import { StationRepository } from '../repositories/station.repository';
import type { RemoteRelay } from '../repositories/relay-presence.repository';
import { RelayPresenceService } from './relay/relay-presence.service';
import { RelayService } from './relay/relay.service';
import { toStationDto } from './station-mapper';
import { Station } from '../repositories/schema/station.entity';

/** How long the catalogue is kept in memory: it changes only when a process syncs its file at boot. */
const CATALOGUE_CACHE_MS = 5000;

@Injectable()
export class StationsService {
  private catalogue?: { stations: Promise<Station[]>; until: number };
  private readonly prepared = new PreparedJsonCache();

  constructor(
    private readonly stations: StationRepository,
    private readonly relay: RelayService,
    private readonly presence: RelayPresenceService,
  ) {}

  /** The relays of every process right now, for toDto: read once per request (from a 1 s cache), not per station. */
  cluster(): Promise<ReadonlyMap<string, RemoteRelay>> {
    return this.presence.others();
  }

  /**
   * The client's view of a station, the same from every process: its listeners on all the processes' relays (ours
   * exactly, the others' as they last reported), and the latest title any of them read.
   */
  toDto(station: Station, cluster: ReadonlyMap<string, RemoteRelay>, { listeners, latest } = this.liveOf(station, cluster)): StationDto {
    return toStationDto(station, listeners, latest ? { artist: latest.artist, title: latest.title, album: null } : null);
  }

  /**
   * The catalogue, filtered. Read from memory for a few seconds at a time (the list is asked on every page and by
   * every API client; its live parts, listeners and now-playing, are added per request).
   */
  async list(query: StationsQueryDto): Promise<StationDto[]> {
    const { found, cluster } = await this.find(query);
    return found.map((s) => this.toDto(s, cluster));
  }

  /**
   * list() as the answer to GET /radio/stations: serialized once for as long as it stays the same (the catalogue read,
   * and each listed station's listeners and title), not once a request (docs/request-path.md).
   */
  async listPrepared(query: StationsQueryDto): Promise<PreparedJson<StationDto[]>> {
    const { stations, found, cluster } = await this.find(query);
    const live = found.map((station) => this.liveOf(station, cluster));
    const inputs: unknown[] = [stations];
    // The live parts of the stations that have any (most have none): each with its place in the list.
    live.forEach(({ listeners, latest }, at) => {
      if (listeners || latest) inputs.push(at, listeners, latest?.artist, latest?.title);
    });
    return this.prepared.get(JSON.stringify([query.country, query.genre, query.q]), inputs, () => found.map((s, at) => this.toDto(s, cluster, live[at])));
  }

  /** The catalogue (as read: the same array until it is read again), the stations the query finds in it, and the cluster. */
  private async find({ country, genre, q }: StationsQueryDto): Promise<{ stations: Station[]; found: Station[]; cluster: ReadonlyMap<string, RemoteRelay> }> {
    const [stations, cluster] = await Promise.all([this.active(), this.cluster()]);
    const found = stations.filter((s) => (!country || s.country === country) && (!genre || s.genres.includes(genre as Station['genres'][number])));
    if (!q) return { stations, found, cluster };
    // Matched here rather than by ILIKE, whose case folding depends on the database's locale: the
    // catalogue is small, and Polish users often type without diacritics ("ciezkie" finds "Ciężkie").
    const needle = fold(q);
    return { stations, found: found.filter((s) => fold([s.name, s.description ?? '', ...s.genres].join(' ')).includes(needle)), cluster };
  }

  /** The station's live parts: listeners over every process, and the latest title any of them read. */
  private liveOf(station: Station, cluster: ReadonlyMap<string, RemoteRelay>): { listeners: number; latest?: { artist: string | null; title: string } | null } {
    const live = this.relay.current(station.id);
    const remote = cluster.get(station.id);
    const listeners = this.relay.listeners(station.id) + (remote?.listeners ?? 0);
    const latest = remote?.title && (!live || remote.title.at > live.updatedAt) ? remote.title : live;
    return { listeners, latest };
  }

  async get(id: string): Promise<StationDto> {
    const [station, cluster] = await Promise.all([this.require(id), this.cluster()]);
    return this.toDto(station, cluster);
  }

  private active(): Promise<Station[]> {
    if (!this.catalogue || this.catalogue.until < Date.now()) {
      const stations = this.stations.listActive();
      this.catalogue = { stations, until: Date.now() + CATALOGUE_CACHE_MS };
      // A failed read is not kept: the next request reads again.
      stations.catch(() => (this.catalogue = undefined));
    }
    return this.catalogue.stations;
  }

  /** The active station, or a 404 naming the id. */
  async require(id: string): Promise<Station> {
    const station = await this.stations.findActive(id);
    if (!station) throw new NotFoundException(`No station "${id}"`);
    return station;
  }
}
