import { foldText as fold } from '@grouarock/i18n';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { StationDto, StationsQueryDto } from './radio.dto';
import { StationRepository } from '../repositories/station.repository';
import type { RemoteRelay } from '../repositories/relay-presence.repository';
import { RelayPresenceService } from './relay/relay-presence.service';
import { RelayService } from './relay/relay.service';
import { toStationDto } from './station-mapper';
import { Station } from './station.entity';

/** How long the catalogue is kept in memory: it changes only when a process syncs its file at boot. */
const CATALOGUE_CACHE_MS = 5000;

@Injectable()
export class StationsService {
  private catalogue?: { stations: Promise<Station[]>; until: number };

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
  toDto(station: Station, cluster: ReadonlyMap<string, RemoteRelay>): StationDto {
    const live = this.relay.current(station.id);
    const remote = cluster.get(station.id);
    const listeners = this.relay.listeners(station.id) + (remote?.listeners ?? 0);
    const latest = remote?.title && (!live || remote.title.at > live.updatedAt) ? remote.title : live;
    return toStationDto(station, listeners, latest ? { artist: latest.artist, title: latest.title, album: null } : null);
  }

  /**
   * The catalogue, filtered. Read from memory for a few seconds at a time (the list is asked on every page and by
   * every API client; its live parts, listeners and now-playing, are added per request).
   */
  async list({ country, genre, q }: StationsQueryDto): Promise<StationDto[]> {
    const [stations, cluster] = await Promise.all([this.active(), this.cluster()]);
    const found = stations.filter((s) => (!country || s.country === country) && (!genre || s.genres.includes(genre as Station['genres'][number])));
    if (!q) return found.map((s) => this.toDto(s, cluster));
    // Matched here rather than by ILIKE, whose case folding depends on the database's locale: the
    // catalogue is small, and Polish users often type without diacritics ("ciezkie" finds "Ciężkie").
    const needle = fold(q);
    return found.filter((s) => fold([s.name, s.description ?? '', ...s.genres].join(' ')).includes(needle)).map((s) => this.toDto(s, cluster));
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
