import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientLog } from './client-log.entity';
import { ClientLogsController } from './client-logs.controller';
import { ClientLogsService } from './client-logs.service';
import { VisitorCounter } from './visitor-counter.entity';
import { VisitorSession } from './visitor-session.entity';
import { VisitorsController } from './visitors.controller';
import { VisitorsService } from './visitors.service';

@Module({
  imports: [TypeOrmModule.forFeature([ClientLog, VisitorCounter, VisitorSession])],
  controllers: [ClientLogsController, VisitorsController],
  providers: [ClientLogsService, VisitorsService],
})
export class SiteModule {}
