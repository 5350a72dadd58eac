import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { StationDto, StationsQueryDto } from './radio.dto';
import { RelayService } from './relay/relay.service';
import { toStationDto } from './station-mapper';
import { Station } from './station.entity';

/** Lower case without diacritics (ł has no decomposition, so it is mapped by hand). */
export function fold(text: string): string {
  return text.toLocaleLowerCase('pl').normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');
}

@Injectable()
export class StationsService {
  constructor(
    @InjectRepository(Station) private readonly stations: Repository<Station>,
    private readonly relay: RelayService,
  ) {}

  /** The client's view of a station, with its live listener count. */
  toDto(station: Station): StationDto {
    return toStationDto(station, this.relay.listeners(station.id));
  }

  async list({ country, genre, q }: StationsQueryDto): Promise<StationDto[]> {
    const query = this.stations.createQueryBuilder('s').where('s.active').orderBy('s.position');
    if (country) query.andWhere('s.country = :country', { country });
    if (genre) query.andWhere(':genre = ANY(s.genres)', { genre });
    const found = await query.getMany();
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
    const station = await this.stations.findOneBy({ id, active: true });
    if (!station) throw new NotFoundException(`No station "${id}"`);
    return station;
  }
}
