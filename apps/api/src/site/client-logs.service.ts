import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ClientLog } from './client-log.entity';
import type { ClientLogCreatedDto, CreateClientLogDto } from './client-log.dto';

@Injectable()
export class ClientLogsService {
  constructor(@InjectRepository(ClientLog) private readonly logs: Repository<ClientLog>) {}

  async record(report: CreateClientLogDto, userAgent: string | undefined): Promise<ClientLogCreatedDto> {
    const saved = await this.logs.save(
      this.logs.create({
        kind: report.kind,
        path: report.path,
        message: report.message ?? null,
        stack: report.stack ?? null,
        userAgent: userAgent?.slice(0, 512) ?? null,
      }),
    );
    return { id: saved.id };
  }
}
