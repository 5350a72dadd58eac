import { Module } from '@nestjs/common';
import { ClientLogsController } from './client-logs.controller';
import { ClientLogsService } from './client-logs.service';
import { VisitorsController } from './visitors.controller';
import { VisitorsService } from './visitors.service';

@Module({
  controllers: [ClientLogsController, VisitorsController],
  providers: [ClientLogsService, VisitorsService],
})
export class SiteModule {}
