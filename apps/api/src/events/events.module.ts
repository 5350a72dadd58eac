import { Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { EventsSyncService } from './events-sync.service';

@Module({
  controllers: [EventsController],
  providers: [EventsSyncService, EventsService],
  exports: [EventsService],
})
export class EventsModule {}
