import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { ClientLog } from './schema/client-log.entity';

/** Errors and warnings reported by browsers. */
@Injectable()
export class ClientLogRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async add(log: Pick<ClientLog, 'kind' | 'path' | 'message' | 'stack' | 'userAgent'>): Promise<string> {
    const logs = this.manager.getRepository(ClientLog);
    return (await logs.save(logs.create(log))).id;
  }
}
