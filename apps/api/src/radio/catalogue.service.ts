import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { loadCatalogue } from './catalogue';
import { Station } from './station.entity';

/** At boot: the catalogue (built-in or STATIONS_FILE) is validated and upserted; a bad one stops the boot. */
@Injectable()
export class CatalogueService implements OnModuleInit {
  private readonly logger = new Logger('Catalogue');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    const stations = loadCatalogue(this.config.stationsFile);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Station).upsert(
        stations.map((s, position) => ({ ...s, position, active: true })),
        ['id'],
      );
      await manager
        .createQueryBuilder()
        .update(Station)
        .set({ active: false })
        .where('id NOT IN (:...ids)', { ids: stations.map((s) => s.id) })
        .execute();
    });
    this.logger.log(`${stations.length} stations in the catalogue`);
  }
}
