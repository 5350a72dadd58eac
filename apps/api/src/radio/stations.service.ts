import { foldText as fold } from '@grouarock/i18n';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { StationDto, StationsQueryDto } from './radio.dto';
import { StationRepository } from '../repositories/station.repository';
import { RelayService } from './relay/relay.service';
import { toStationDto } from './station-mapper';
import { Station } from './station.entity';

@Injectable()
export class StationsService {
  constructor(
    private readonly stations: StationRepository,
    private readonly relay: RelayService,
  ) {}

  /** The client's view of a station, with its live listener count. */
  toDto(station: Station): StationDto {
    const live = this.relay.current(station.id);
    return toStationDto(station, this.relay.listeners(station.id), live ? { artist: live.artist, title: live.title, album: null } : null);
  }

  async list({ country, genre, q }: StationsQueryDto): Promise<StationDto[]> {
    const found = await this.stations.listActive({ country, genre });
    if (!q) return found.map((s) => this.toDto(s));
    // Matched here rather than by ILIKE, whose case folding depends on the database's locale: the
    // catalogue is small, and Polish users often type without diacritics ("ciezkie" finds "Ciężkie").
    const needle = fold(q);
    return found.filter((s) => fold([s.name, s.description ?? '', ...s.genres].join(' ')).includes(needle)).map((s) => this.toDto(s));
  }

  async get(id: string): Promise<StationDto> {
    return this.toDto(await this.require(id));
  }

  /** The active station, or a 404 naming the id. */
  async require(id: string): Promise<Station> {
    const station = await this.stations.findActive(id);
    if (!station) throw new NotFoundException(`No station "${id}"`);
    return station;
  }
}
