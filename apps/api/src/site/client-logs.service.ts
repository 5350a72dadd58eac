import { Injectable } from '@nestjs/common';
import { ClientLogRepository } from '../repositories/client-log.repository';
import type { ClientLogCreatedDto, CreateClientLogDto } from './client-log.dto';

@Injectable()
export class ClientLogsService {
  constructor(private readonly logs: ClientLogRepository) {}

  async record(report: CreateClientLogDto, userAgent: string | undefined): Promise<ClientLogCreatedDto> {
    const id = await this.logs.add({
      kind: report.kind,
      path: report.path,
      message: report.message ?? null,
      stack: report.stack ?? null,
      userAgent: userAgent?.slice(0, 512) ?? null,
    });
    return { id };
  }
}
