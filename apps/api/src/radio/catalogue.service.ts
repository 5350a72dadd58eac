import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { StationRepository } from '../repositories/station.repository';
import { loadCatalogue } from './catalogue';

/** At boot: the catalogue (built-in or STATIONS_FILE) is validated and becomes the active stations; a bad one stops the boot. */
@Injectable()
export class CatalogueService implements OnModuleInit {
  private readonly logger = new Logger('Catalogue');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stations: StationRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const stations = loadCatalogue(this.config.stationsFile);
    await this.stations.syncFromFile(stations);
    this.logger.log(`${stations.length} stations in the catalogue`);
  }
}
