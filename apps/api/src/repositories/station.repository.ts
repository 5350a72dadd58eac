import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { StationDefinition } from './schema/station-definition';
import { Station } from './schema/station.entity';
import { syncShownRows } from './file-sync';

/** The stations of the catalogue; those dropped from it stay, inactive, for their likes. */
@Injectable()
export class StationRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** The catalogue's active stations, in its order. */
  listActive(): Promise<Station[]> {
    return this.manager.getRepository(Station).createQueryBuilder('s').where('s.active').orderBy('s.position').getMany();
  }

  findActive(id: string): Promise<Station | null> {
    return this.manager.getRepository(Station).findOneBy({ id, active: true });
  }

  /** The catalogue becomes the active stations, in its order (its plan, bitrates and high-quality stream with them). */
  syncFromFile(stations: StationDefinition[]): Promise<void> {
    return syncShownRows(this.manager, Station, 'active', stations.map(toRow));
  }
}

function toRow({ hq, lossless, ...station }: StationDefinition, position: number) {
  return { ...station, position, hqStreamUrl: hq?.streamUrl ?? null, hqBitrate: hq?.bitrate ?? null, hqCodec: hq?.codec ?? null, losslessStreamUrl: lossless?.streamUrl ?? null, losslessCodec: lossless?.codec ?? null };
}
