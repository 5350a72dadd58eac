import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DatabaseRepository } from '../../repositories/database.repository';
import type { HealthDto } from './health.dto';

@Injectable()
export class HealthService {
  constructor(private readonly database: DatabaseRepository) {}

  /** Healthy only while the database answers; the caller sees 503 with the reason otherwise. */
  async check(): Promise<HealthDto> {
    const database = await this.database.probe();
    if (!database.up) {
      throw new ServiceUnavailableException(`Database unreachable: ${database.reason}`);
    }
    return { status: 'ok', database: { status: 'up', latencyMs: database.latencyMs }, uptimeSeconds: Math.round(process.uptime()) };
  }
}
